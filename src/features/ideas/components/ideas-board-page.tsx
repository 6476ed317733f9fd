import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/layout/site-head';
import { buttonClassName } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/query-states';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { IDEAS_PAGE_SIZE, SEARCH_COUNT_CAP, useIdeasBoard } from '@/data/ideas/get-ideas-board';
import type { BoardParams, IdeaSort } from '@/data/ideas/keys';
import { t } from '@/i18n/ideas';
import { useUrlState } from '@/lib/use-url-state';
import type { IdeaCategory } from '../utils/categories';
import { BoardFilters } from './board-filters';
import { BoardPagination } from './board-pagination';
import { IdeaCard } from './idea-card';
import { IdeasSidebar } from './ideas-sidebar';
import { BOARD_URL_STATE, boardParamsOf } from '../utils/board-url-state';

/**
 * 'Pomysły' (/dashboard/ideas; product.md#dashboard-2, §4): search, category filter, the four sorts and
 * pages of 20; the sidebar with the counts and the top five categories; each idea with its status,
 * the star vote, the feedback, comments, images and, for admins, moderation.
 */
export function IdeasBoardPage() {
  usePageTitle(t('nav.ideas'));
  const [view, setView] = useUrlState(BOARD_URL_STATE);
  const params = boardParamsOf(view);
  const board = useIdeasBoard(params);
  const listRef = useRef<HTMLElement>(null);

  const change = useCallback(
    (next: Partial<BoardParams>, options: { replace?: boolean } = {}) => {
      const { search, mine, ...rest } = next;
      setView(
        {
          ...rest,
          ...(search === undefined ? {} : { q: search }),
          ...(mine === undefined ? {} : { mine: mine ? '1' : null }),
        },
        options,
      );
    },
    [setView],
  );

  const onSearch = useCallback((search: string) => change({ search }, { replace: true }), [change]);

  const total = board.data?.total ?? 0;
  // A search counts its matches up to 500 only (more: 501); its first 25 pages can be opened.
  const capped = total > SEARCH_COUNT_CAP;
  const pages = Math.max(1, Math.ceil(Math.min(total, SEARCH_COUNT_CAP) / IDEAS_PAGE_SIZE));
  const filtered = params.search.trim() !== '' || params.category !== null;

  // A page past the end (ideas were deleted meanwhile, or an old link): back to the first page.
  useEffect(() => {
    if (board.data && !board.isPlaceholderData && board.data.ideas.length === 0 && params.page > 1) {
      change({ page: 1 }, { replace: true });
    }
  }, [board.data, board.isPlaceholderData, params.page, change]);

  const goToPage = (page: number) => {
    change({ page });
    listRef.current?.focus();
  };

  return (
    <section className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-ink">{t('nav.ideas')}</h1>
          <p className="text-ink-muted">{t('ideas.board.intro')}</p>
        </div>
        <Link to={paths.dashboard.submitIdea.getHref()} className={buttonClassName('primary')}>
          {t('nav.submit_idea')}
        </Link>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <BoardFilters
            search={params.search}
            category={params.category}
            sort={params.sort}
            onSearch={onSearch}
            onCategory={(category: IdeaCategory | null) => change({ category })}
            onSort={(sort: IdeaSort) => change({ sort })}
            mine={params.mine}
            onMine={(mine: boolean) => change({ mine })}
          />

          <section
            ref={listRef}
            tabIndex={-1}
            aria-label={t('ideas.board.list')}
            aria-busy={board.isFetching || undefined}
            className="space-y-4 focus:outline-none"
          >
            <QueryStates
              query={board}
              loadingClassName="h-56"
              loadingCount={2}
              loadingLayout="space-y-4"
              loadingLabel={t('ideas.board.loading')}
              errorMessage={t('ideas.load_failed')}
              keepData
            >
              {(data) =>
                data.ideas.length === 0 ? (
                  params.mine && !filtered ? (
                    <EmptyState
                      action={
                        <Link to={paths.dashboard.submitIdea.getHref()} className={buttonClassName('secondary')}>
                          {t('nav.submit_idea')}
                        </Link>
                      }
                    >
                      {t('ideas.board.mine_empty')}
                    </EmptyState>
                  ) : filtered ? (
                    <EmptyState
                      action={
                        <button
                          type="button"
                          className={buttonClassName('secondary')}
                          onClick={() => change({ search: '', category: null, mine: false })}
                        >
                          {t('ideas.board.clear_filters')}
                        </button>
                      }
                    >
                      {t('ideas.board.no_results')}
                    </EmptyState>
                  ) : (
                    <EmptyState hint={t('ideas.board.empty_hint')}>{t('ideas.board.empty')}</EmptyState>
                  )
                ) : (
                  <>
                    <p className="text-sm text-ink-muted" aria-live="polite">
                      {capped
                        ? t('ideas.board.found_many', { count: SEARCH_COUNT_CAP })
                        : t('ideas.board.found', { count: total })}
                    </p>
                    {board.isError ? (
                      <ErrorState message={t('ideas.load_failed')} onRetry={() => void board.refetch()} />
                    ) : null}
                    <ul className="space-y-4">
                      {data.ideas.map((idea) => (
                        <li key={idea.id}>
                          <IdeaCard idea={idea} />
                        </li>
                      ))}
                    </ul>
                    <BoardPagination page={params.page} pages={pages} onPage={goToPage} disabled={board.isFetching} />
                  </>
                )
              }
            </QueryStates>
          </section>
        </div>
        <aside className="space-y-4">
          <IdeasSidebar />
        </aside>
      </div>
    </section>
  );
}
