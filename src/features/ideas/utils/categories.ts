import { IDEA_CATEGORIES, type IdeaCategory } from '@/data/ideas/category-values';
import { t, type IdeasMessageKey } from '@/i18n/ideas';

export type { IdeaCategory } from '@/data/ideas/category-values';
export type { IdeaStatus } from '@/components/ideas/idea-status';

/** The Polish name of a category (the spec names them in English only). */
export function categoryLabel(category: IdeaCategory): string {
  return t(`ideas.category.${category}` satisfies IdeasMessageKey);
}

export const categoryOptions = () => IDEA_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
