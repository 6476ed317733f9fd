import { AnnouncementsTab } from '@/features/admin/announcements/components/announcements-tab';

/** /dashboard/admin/announcements: a lazy chunk of its own. */
export function Component() {
  return <AnnouncementsTab />;
}
