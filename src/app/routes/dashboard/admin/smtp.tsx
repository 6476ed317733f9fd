import { smtpConfigsQueryOptions } from '@/features/admin/shared/api/list-smtp-configs';
import { SmtpTab } from '@/features/admin/smtp/components/smtp-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/smtp: a lazy chunk of its own. */
export function Component() {
  return <SmtpTab />;
}

/** The SMTP configurations: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, smtpConfigsQueryOptions(getClient));
};
