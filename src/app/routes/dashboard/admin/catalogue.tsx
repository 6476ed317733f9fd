import { CatalogueTab } from '@/features/admin/catalogue/components/catalogue-tab';
import { cccAvailabilityQueryOptions } from '@/lib/ccc/get-ccc-availability';
import { cccSettingsQueryOptions } from '@/lib/ccc/get-ccc-settings';
import { membershipPlansQueryOptions } from '@/lib/membership-plans/get-membership-plans';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/catalogue: a lazy chunk of its own. */
export function Component() {
  return <CatalogueTab />;
}

/** The plans, the CCC tiers and the token (the members' own queries): read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, membershipPlansQueryOptions(getClient));
  prefetchRead(queryClient, cccAvailabilityQueryOptions(getClient));
  prefetchRead(queryClient, cccSettingsQueryOptions(getClient));
};
