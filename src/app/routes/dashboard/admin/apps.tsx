import { appsQueryOptions } from '@/features/admin/apps/api/list-apps';
import { AppsTab } from '@/features/admin/apps/components/apps-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/apps: a lazy chunk of its own. */
export function Component() {
  return <AppsTab />;
}

/** The applications: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, appsQueryOptions(getClient));
};
