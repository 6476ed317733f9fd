import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { AnnouncementBanner } from '@/features/dashboard/components/announcement-banner';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';

/**
 * The shell of every /dashboard route (a lazy chunk of its own, so the landing page stays small):
 * the layout with the notifications slide-over and the announcement banner composed in.
 */
export function Component() {
  return <DashboardLayout notificationsPanel={NotificationsPanel} banner={<AnnouncementBanner />} />;
}
