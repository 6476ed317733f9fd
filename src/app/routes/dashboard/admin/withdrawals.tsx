import { WithdrawalsTab } from '@/features/admin/withdrawals/components/withdrawals-tab';

/** /dashboard/admin/withdrawals: a lazy chunk of its own. */
export function Component() {
  return <WithdrawalsTab />;
}
