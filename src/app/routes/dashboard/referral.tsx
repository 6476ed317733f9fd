import { SectionPlaceholder } from '@/components/layout/section-placeholder';
import { t } from '@/i18n/messages';

/** /dashboard/referral: the partner (referral) page (dashboard.md §2). A later issue builds it. */
export function Component() {
  return <SectionPlaceholder title={t('nav.referral')} />;
}
