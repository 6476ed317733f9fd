import { PlansPage } from '@/features/plans/components/plans-page';

/** /dashboard/investments: the membership plans grid and payment (product.md#dashboard-2). */
export function Component() {
  return <PlansPage />;
}
