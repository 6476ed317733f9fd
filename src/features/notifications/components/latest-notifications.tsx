import { Card } from '@/components/ui/card';
import { COMMUNITY_NOTIFICATIONS_LIMIT } from '@/data/notifications/get-notifications';
import { t } from '@/i18n/dashboard';
import { NotificationList } from './notification-list';

/** The community page's notifications panel: the latest 10 (product.md#dashboard-7, §9). */
export function LatestNotifications() {
  return (
    <Card title={t('notifications.title')}>
      <NotificationList limit={COMMUNITY_NOTIFICATIONS_LIMIT} />
    </Card>
  );
}
