import { PaymentLinksTab } from '@/features/admin/payment-links/components/payment-links-tab';

/** /dashboard/admin/payment-links: a lazy chunk of its own. */
export function Component() {
  return <PaymentLinksTab />;
}
