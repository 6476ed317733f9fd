import { usePageTitle } from '@/components/layout/site-head';
import { CommunityPage } from '@/features/community/components/community-page';
import { LatestNotifications } from '@/features/notifications/components/latest-notifications';
import { t } from '@/i18n/dashboard';
import { postsQueryOptions } from '@/features/community/api/get-posts';
import { PREFETCH_STALE_TIME_MS, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/community: posts with reactions and comments, and the latest 10 notifications. */
export function Component() {
  usePageTitle(t('nav.community'));
  return <CommunityPage aside={<LatestNotifications />} />;
}

/** The feed's first page, read ahead from the menu. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  void queryClient.prefetchInfiniteQuery({ staleTime: PREFETCH_STALE_TIME_MS, ...postsQueryOptions(getClient) });
};
