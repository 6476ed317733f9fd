import { SystemHealthTab } from '@/features/admin/system-health/components/system-health-tab';

/** /dashboard/admin/system-health: a lazy chunk of its own. */
export function Component() {
  return <SystemHealthTab />;
}
