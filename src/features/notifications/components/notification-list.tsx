import { Button } from '@/components/ui/button';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useMarkAllNotificationsRead } from '@/data/notifications/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/data/notifications/mark-notification-read';
import { useNotifications } from '@/data/notifications/notifications-live';
import { t } from '@/i18n/dashboard';
import { isNetworkError, toUserMessage } from '@/lib/errors';
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
  const toast = useToast();
  // 'Nie udało się oznaczyć…' with the reason, as an error toast.
  const markFailed = (error: unknown) =>
    toast.show(`${t('notifications.mark_read_failed')}: ${toUserMessage(error)}`, 'error');
  const markRead = useMarkNotificationRead(markFailed);
  const markAllRead = useMarkAllNotificationsRead(markFailed);

  return (
    <QueryStates
      query={notifications}
      loadingClassName="h-16"
      loadingCount={3}
      loadingLabel={t('notifications.loading')}
      errorMessage={notificationsErrorMessage}
      isEmpty={noRows}
      empty={t('notifications.empty')}
    >
      {(items) => (
        <div className="space-y-3">
          {markAll && items.some((item) => item.read_at === null) ? (
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
      )}
    </QueryStates>
  );
}
