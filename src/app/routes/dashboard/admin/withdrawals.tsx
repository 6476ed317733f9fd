import { WithdrawalsTab, withdrawalsTabFirstRead } from '@/features/admin/withdrawals/components/withdrawals-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/withdrawals: a lazy chunk of its own. */
export function Component() {
  return <WithdrawalsTab />;
}

/** The first page of pending withdrawals: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, withdrawalsTabFirstRead(getClient));
};
