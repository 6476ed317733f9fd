import { RevenueTab } from '@/features/admin/revenue/components/revenue-tab';

/** /dashboard/admin/revenue: a lazy chunk of its own. */
export function Component() {
  return <RevenueTab />;
}
