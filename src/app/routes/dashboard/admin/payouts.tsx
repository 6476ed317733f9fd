import { PayoutsTab } from '@/features/admin/payouts/components/payouts-tab';

/** /dashboard/admin/profit-payouts: a lazy chunk of its own. */
export function Component() {
  return <PayoutsTab />;
}
