import { EmailTemplatesTab } from '@/features/admin/email-templates/components/email-templates-tab';

/** /dashboard/admin/email-templates: a lazy chunk of its own. */
export function Component() {
  return <EmailTemplatesTab />;
}
