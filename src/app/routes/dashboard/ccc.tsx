import { SectionPlaceholder } from '@/components/layout/section-placeholder';
import { t } from '@/i18n/plans';

/** /dashboard/ccc: CCC packages (dashboard.md §2). A later issue builds it. */
export function Component() {
  return <SectionPlaceholder title={t('ccc.title')} />;
}
