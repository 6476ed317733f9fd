import { usePageTitle } from '@/components/layout/site-head';
import { AppsCatalogue } from '@/features/apps/components/apps-catalogue';
import { t } from '@/i18n/apps';

/** /dashboard/apps: the apps catalogue (product.md#dashboard-2). */
export function Component() {
  usePageTitle(t('nav.apps'));
  return <AppsCatalogue />;
}
