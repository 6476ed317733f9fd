import { paymentLinksQueryOptions } from '@/features/admin/payment-links/api/list-payment-links';
import { PaymentLinksTab } from '@/features/admin/payment-links/components/payment-links-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/payment-links: a lazy chunk of its own. */
export function Component() {
  return <PaymentLinksTab />;
}

/** The payment links: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, paymentLinksQueryOptions(getClient));
};
