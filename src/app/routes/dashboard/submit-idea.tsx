import { SectionPlaceholder } from '@/components/layout/section-placeholder';
import { t } from '@/i18n/messages';

/** /dashboard/submit-idea: the idea submission form (dashboard.md §2). A later issue builds it. */
export function Component() {
  return <SectionPlaceholder title={t('nav.submit_idea')} />;
}
