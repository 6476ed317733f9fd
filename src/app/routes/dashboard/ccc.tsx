import { CccPage } from '@/features/ccc/components/ccc-page';

/** /dashboard/ccc: CCC packages (product.md#dashboard-2). */
export function Component() {
  return <CccPage />;
}
