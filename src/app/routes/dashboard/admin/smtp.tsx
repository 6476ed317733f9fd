import { SmtpTab } from '@/features/admin/smtp/components/smtp-tab';

/** /dashboard/admin/smtp: a lazy chunk of its own. */
export function Component() {
  return <SmtpTab />;
}
