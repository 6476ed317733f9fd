import { CccPage } from '@/features/ccc/components/ccc-page';
import { cccAvailabilityQueryOptions } from '@/lib/ccc/get-ccc-availability';
import { cccSettingsQueryOptions } from '@/lib/ccc/get-ccc-settings';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/ccc: CCC packages (product.md#dashboard-2). */
export function Component() {
  return <CccPage />;
}

/** The packages' availability and the contract settings, read ahead from the menu. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, cccAvailabilityQueryOptions(getClient));
  prefetchRead(queryClient, cccSettingsQueryOptions(getClient));
};
