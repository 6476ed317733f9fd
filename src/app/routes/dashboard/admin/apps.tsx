import { SectionPlaceholder } from '@/components/layout/section-placeholder';
import { t } from '@/i18n/admin';

/** /dashboard/admin/apps: app management (dashboard.md §2 admin area). A later issue builds it. */
export function Component() {
  return <SectionPlaceholder title={t('admin.apps')} />;
}
