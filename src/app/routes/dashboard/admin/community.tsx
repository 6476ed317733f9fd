import { CommunityTab } from '@/features/admin/community/components/community-tab';

/** /dashboard/admin/community: a lazy chunk of its own. */
export function Component() {
  return <CommunityTab />;
}
