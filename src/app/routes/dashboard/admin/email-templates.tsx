import { templatesQueryOptions } from '@/features/admin/email-templates/api/list-templates';
import { EmailTemplatesTab } from '@/features/admin/email-templates/components/email-templates-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/email-templates: a lazy chunk of its own. */
export function Component() {
  return <EmailTemplatesTab />;
}

/** The e-mail templates: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, templatesQueryOptions(getClient));
};
