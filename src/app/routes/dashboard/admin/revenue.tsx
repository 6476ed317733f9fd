import { revenueQueryOptions } from '@/features/admin/revenue/api/list-revenue';
import { RevenueTab } from '@/features/admin/revenue/components/revenue-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/revenue: a lazy chunk of its own. */
export function Component() {
  return <RevenueTab />;
}

/** The latest revenue: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, revenueQueryOptions(getClient));
};
