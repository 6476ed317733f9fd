import { usePageTitle } from '@/components/layout/site-head';
import { ReferralPage } from '@/features/referral/components/referral-page';
import { t } from '@/i18n/dashboard';
import { referralOverviewQueryOptions } from '@/features/referral/api/get-referral-overview';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/referral: the partner page ('Program Partnerski', product.md#dashboard-2). */
export function Component() {
  usePageTitle(t('nav.referral'));
  return <ReferralPage />;
}

/** The partner overview, read ahead from the menu. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, referralOverviewQueryOptions(getClient));
};
