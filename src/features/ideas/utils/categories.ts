import { t, type IdeasMessageKey } from '@/i18n/ideas';
import { Constants, type Enums } from '@/types/database.types';

export type IdeaCategory = Enums<'app_category'>;
export type { IdeaStatus } from '@/lib/ideas/status';

/** product.md#dashboard-3: games, productivity, lifestyle, education, business (the database's enum order). */
export const IDEA_CATEGORIES: readonly IdeaCategory[] = Constants.public.Enums.app_category;

export function isIdeaCategory(value: unknown): value is IdeaCategory {
  return typeof value === 'string' && (IDEA_CATEGORIES as readonly string[]).includes(value);
}

/** The Polish name of a category (the spec names them in English only). */
export function categoryLabel(category: IdeaCategory): string {
  return t(`ideas.category.${category}` satisfies IdeasMessageKey);
}

export const categoryOptions = () => IDEA_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
