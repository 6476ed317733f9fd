import { PlansPage } from '@/features/plans/components/plans-page';
import { membershipPlansQueryOptions } from '@/lib/membership-plans/get-membership-plans';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/investments: the membership plans grid and payment (product.md#dashboard-2). */
export function Component() {
  return <PlansPage />;
}

/** The plans grid's read, ahead from the menu (the profile is the shell's already). */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, membershipPlansQueryOptions(getClient));
};
