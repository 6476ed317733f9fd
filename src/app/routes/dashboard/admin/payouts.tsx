import { payoutRevenueQueryOptions } from '@/features/admin/payouts/api/list-payout-revenue';
import { payoutRunsQueryOptions } from '@/features/admin/payouts/api/list-payout-runs';
import { PayoutsTab } from '@/features/admin/payouts/components/payouts-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/profit-payouts: a lazy chunk of its own. */
export function Component() {
  return <PayoutsTab />;
}

/** The revenue entries to pay out and the past runs: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, payoutRevenueQueryOptions(getClient));
  prefetchRead(queryClient, payoutRunsQueryOptions(getClient));
};
