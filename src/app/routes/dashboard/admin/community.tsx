import { postsQueryOptions } from '@/features/admin/community/api/list-posts';
import { CommunityTab } from '@/features/admin/community/components/community-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/community: a lazy chunk of its own. */
export function Component() {
  return <CommunityTab />;
}

/** The community posts: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, postsQueryOptions(getClient));
};
