import { CccPage } from '@/features/ccc/components/ccc-page';

/** /dashboard/ccc: CCC packages (dashboard.md §2). */
export function Component() {
  return <CccPage />;
}
