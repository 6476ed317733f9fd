import { AuditTab } from '@/features/admin/audit/components/audit-tab';

/** /dashboard/admin/audit: a lazy chunk of its own. */
export function Component() {
  return <AuditTab />;
}
