import { usePageTitle } from '@/components/layout/site-head';
import { AppsCatalogue } from '@/features/apps/components/apps-catalogue';
import { t } from '@/i18n/apps';
import { appsQueryOptions } from '@/features/apps/api/get-apps';
import { membershipPlansQueryOptions } from '@/lib/membership-plans/get-membership-plans';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/apps: the apps catalogue (product.md#dashboard-2). */
export function Component() {
  usePageTitle(t('nav.apps'));
  return <AppsCatalogue />;
}

/** The catalogue and the plans (for the levels), read ahead from the menu. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, appsQueryOptions(getClient));
  prefetchRead(queryClient, membershipPlansQueryOptions(getClient));
};
