import { PaymentsTab } from '@/features/admin/payments/components/payments-tab';

/** /dashboard/admin/payments: a lazy chunk of its own. */
export function Component() {
  return <PaymentsTab />;
}
