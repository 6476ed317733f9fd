import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { t } from '@/i18n/dashboard';
import { isNetworkError, toUserMessage } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/notifications-live';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

/** product.md#dashboard-8: a network-type failure reads 'Problem z połączeniem sieciowym'; otherwise a mapped message. */
export function notificationsErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return t('network.failure_short');
  return `${t('notifications.load_failed')}: ${toUserMessage(error)}`;
}

type NotificationListProps = {
  /** How many of the latest to show (the panel: 50, the community page: 10). */
  limit: number;
  /** Offer 'Oznacz wszystkie jako przeczytane' when some are unread. */
  markAll?: boolean;
};

/** The member's latest notifications, newest first, with loading, error and empty states. */
export function NotificationList({ limit, markAll = false }: NotificationListProps) {
  const notifications = useNotifications(limit);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  if (notifications.isPending) {
    return (
      <div role="status" aria-label={t('notifications.loading')} className="space-y-2">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <ErrorState
        message={notificationsErrorMessage(notifications.error)}
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  }
  const items = notifications.data;
  if (items.length === 0) return <EmptyState>{t('notifications.empty')}</EmptyState>;
  const anyUnread = items.some((item) => item.read_at === null);

  return (
    <div className="space-y-3">
      {markAll && anyUnread ? (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => markAllRead.mutate()}>
            {t('notifications.mark_all_read')}
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {items.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onRead={(id) => markRead.mutate(id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
