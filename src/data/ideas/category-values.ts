import { Constants, type Enums } from '@/types/database.types';

// Without the Polish names (categories.ts): the board's address state and counts, which the
// dashboard shell reads ahead (app/routes/dashboard/first-reads.ts), need only the values.

export type IdeaCategory = Enums<'app_category'>;

/** product.md#dashboard-3: games, productivity, lifestyle, education, business (the database's enum order). */
export const IDEA_CATEGORIES: readonly IdeaCategory[] = Constants.public.Enums.app_category;

export function isIdeaCategory(value: unknown): value is IdeaCategory {
  return typeof value === 'string' && (IDEA_CATEGORIES as readonly string[]).includes(value);
}
