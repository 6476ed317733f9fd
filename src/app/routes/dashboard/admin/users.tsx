import { UsersTab } from '@/features/admin/users/components/users-tab';

/** /dashboard/admin/users: a lazy chunk of its own. */
export function Component() {
  return <UsersTab />;
}
