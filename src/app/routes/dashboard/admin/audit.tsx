import { auditActorsQueryOptions } from '@/features/admin/audit/api/list-audit-actors';
import { AuditTab, auditTabFirstRead } from '@/features/admin/audit/components/audit-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/audit: a lazy chunk of its own. */
export function Component() {
  return <AuditTab />;
}

/** The first page of the audit trail and the admins to filter by: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, auditTabFirstRead(getClient));
  prefetchRead(queryClient, auditActorsQueryOptions(getClient));
};
