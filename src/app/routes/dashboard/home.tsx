import { usePageTitle } from '@/components/layout/site-head';
import { MainPanel } from '@/features/dashboard/components/main-panel';
import { t } from '@/i18n/dashboard';

/** /dashboard: the main panel ('Panel główny', product.md#dashboard-2). */
export function Component() {
  usePageTitle(t('dashboard.title'));
  return <MainPanel />;
}
