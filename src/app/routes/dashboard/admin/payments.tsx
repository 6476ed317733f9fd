import { PaymentsTab, paymentsTabFirstRead } from '@/features/admin/payments/components/payments-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/payments: a lazy chunk of its own. */
export function Component() {
  return <PaymentsTab />;
}

/** The first page of pending payment orders: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, paymentsTabFirstRead(getClient));
};
