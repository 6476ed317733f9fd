import { useId } from 'react';
import { SelectField } from '@/components/form/select-field';
import { inputClassName } from '@/components/form/text-field';
import { IDEA_SORTS, type IdeaSort } from '@/data/ideas/keys';
import { t } from '@/i18n/ideas';
import { useDebouncedSearch } from '@/lib/use-url-state';
import { categoryOptions, type IdeaCategory } from '../utils/categories';

/** How long typing may pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

type BoardFiltersProps = {
  search: string;
  category: IdeaCategory | null;
  sort: IdeaSort;
  onSearch: (search: string) => void;
  onCategory: (category: IdeaCategory | null) => void;
  onSort: (sort: IdeaSort) => void;
  /** 'Moje pomysły': only the member's own ideas. */
  mine: boolean;
  onMine: (mine: boolean) => void;
};

/** Search (as you type, after a short pause), category filter and the four sorts. */
export function BoardFilters({
  search,
  category,
  sort,
  onSearch,
  onCategory,
  onSort,
  mine,
  onMine,
}: BoardFiltersProps) {
  const searchId = useId();
  const { term, setTerm, flush } = useDebouncedSearch(search, onSearch, SEARCH_DEBOUNCE_MS);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        flush();
      }}
      className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-[2fr_1fr_1fr]"
    >
      <div className="space-y-1.5 sm:col-span-2 2xl:col-span-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-ink">
          {t('ideas.board.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={term}
          maxLength={200}
          placeholder={t('ideas.board.search_placeholder')}
          onChange={(event) => setTerm(event.target.value)}
          className={`${inputClassName} border-surface-border`}
        />
      </div>
      <SelectField
        label={t('ideas.board.category')}
        placeholder={t('ideas.board.all_categories')}
        options={categoryOptions()}
        value={category ?? ''}
        onChange={(event) => onCategory((event.target.value || null) as IdeaCategory | null)}
      />
      <SelectField
        label={t('ideas.board.sort')}
        options={IDEA_SORTS.map((value) => ({ value, label: t(`ideas.sort.${value}`) }))}
        value={sort}
        onChange={(event) => onSort(event.target.value as IdeaSort)}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-ink sm:col-span-2 2xl:col-span-3">
        <input
          type="checkbox"
          checked={mine}
          onChange={(event) => onMine(event.target.checked)}
          className="h-4 w-4 accent-accent"
        />
        {t('ideas.board.mine')}
      </label>
    </form>
  );
}
