import { usePageTitle } from '@/components/layout/site-head';
import { CommunityPage } from '@/features/community/components/community-page';
import { LatestNotifications } from '@/features/notifications/components/latest-notifications';
import { t } from '@/i18n/dashboard';

/** /dashboard/community: posts with reactions and comments, and the latest 10 notifications. */
export function Component() {
  usePageTitle(t('nav.community'));
  return <CommunityPage aside={<LatestNotifications />} />;
}
