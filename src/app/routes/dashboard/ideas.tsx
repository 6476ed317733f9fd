import { IdeasBoardPage } from '@/features/ideas/components/ideas-board-page';
import { ideaStatsQueryOptions } from '@/features/ideas/api/get-idea-stats';
import { ideasBoardQueryOptions } from '@/features/ideas/api/get-ideas-board';
import { boardParamsFrom } from '@/features/ideas/components/ideas-board-page';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/ideas: the ideas board 'Pomysły' (product.md#dashboard-2 Ideas). */
export function Component() {
  return <IdeasBoardPage />;
}

/** The board's first page as the menu opens it (no filters) and the sidebar's counts, read ahead. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, ideasBoardQueryOptions(getClient, boardParamsFrom(new URLSearchParams())));
  prefetchRead(queryClient, ideaStatsQueryOptions(getClient));
};
