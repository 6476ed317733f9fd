import { AppsTab } from '@/features/admin/apps/components/apps-tab';

/** /dashboard/admin/apps: a lazy chunk of its own. */
export function Component() {
  return <AppsTab />;
}
