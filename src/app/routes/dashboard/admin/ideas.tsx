import { IdeasTab, ideasTabFirstRead } from '@/features/admin/ideas/components/ideas-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/ideas: a lazy chunk of its own. */
export function Component() {
  return <IdeasTab />;
}

/** The first page of ideas to moderate: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, ideasTabFirstRead(getClient));
};
