import { SectionPlaceholder } from '@/components/layout/section-placeholder';
import { t } from '@/i18n/dashboard';

/** /dashboard: the main panel ('Panel główny', dashboard.md §2). A later issue builds it. */
export function Component() {
  return <SectionPlaceholder title={t('dashboard.title')} />;
}
