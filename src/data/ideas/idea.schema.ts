import { z } from 'zod/mini';
import { Constants } from '@/types/database.types';

/**
 * The idea form (product.md#dashboard-5): title, description, category, target audience and monetization
 * strategy required (blank counts as empty). The lengths are the database's (docs/decisions.md);
 * the zod error map gives 'To pole jest wymagane' and 'Wartość jest za długa (maksimum …)'. Images
 * are checked when chosen (utils/image-files.ts), not here.
 */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const ideaSchema = z.object({
  title: text(200),
  description: text(5000),
  // The select starts empty (''): any value that is not a category reads as not chosen.
  category: z.pipe(z.string(), z.enum(Constants.public.Enums.app_category, { error: 'validation.required' })),
  targetAudience: text(1000),
  monetizationStrategy: text(1000),
});

export type IdeaFormValues = z.input<typeof ideaSchema>;
export type IdeaValues = z.output<typeof ideaSchema>;

export const emptyIdea: IdeaFormValues = {
  title: '',
  description: '',
  category: '',
  targetAudience: '',
  monetizationStrategy: '',
};
