import { UsersTab, usersTabFirstRead } from '@/features/admin/users/components/users-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';

/** /dashboard/admin/users: a lazy chunk of its own. */
export function Component() {
  return <UsersTab />;
}

/** The first page of members: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, usersTabFirstRead(getClient));
};
