import { announcementsQueryOptions } from '@/features/admin/announcements/api/list-announcements';
import { AnnouncementsTab } from '@/features/admin/announcements/components/announcements-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/announcements: a lazy chunk of its own. */
export function Component() {
  return <AnnouncementsTab />;
}

/** The announcements: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, announcementsQueryOptions(getClient));
};
