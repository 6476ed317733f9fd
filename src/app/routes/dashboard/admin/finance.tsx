import { FinanceTab } from '@/features/admin/finance/components/finance-tab';

/** /dashboard/admin/finance: a lazy chunk of its own. */
export function Component() {
  return <FinanceTab />;
}
