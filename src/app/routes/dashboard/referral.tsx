import { usePageTitle } from '@/components/layout/site-head';
import { ReferralPage } from '@/features/referral/components/referral-page';
import { t } from '@/i18n/dashboard';

/** /dashboard/referral: the partner page ('Program Partnerski', product.md#dashboard-2). */
export function Component() {
  usePageTitle(t('nav.referral'));
  return <ReferralPage />;
}
