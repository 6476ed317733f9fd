import type { ReactNode } from 'react';
import type { Notification } from '@/data/notifications/get-notifications';
import { t } from '@/i18n/dashboard';
import { formatDateTime, formatNumber, formatPLN, formatUSDT } from '@/lib/format';
import { notificationDetails } from '../utils/notification-details';

function ProfitDetails({ notification }: { notification: Notification }) {
  const { amount, currency, percentage, tier } = notificationDetails(notification.data);
  if (amount === undefined && (percentage === undefined || tier === undefined)) return null;
  return (
    <span className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm">
      {amount !== undefined ? (
        <span className="font-semibold text-accent">
          {currency === 'USDT' ? formatUSDT(amount) : formatPLN(amount)}
        </span>
      ) : null}
      {percentage !== undefined && tier !== undefined ? (
        <span className="text-ink-muted">
          {t('notifications.profit_share', {
            percentage: formatNumber(percentage, { maximumFractionDigits: 2 }),
            tier,
          })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * One notification (product.md#dashboard-2): title, content, for profit items the amount (PLN unless the
 * data names its currency) and '{percentage}% z pakietu {tier}' when present, and the date. Unread
 * items stand out and are buttons that mark them read; read items are dimmed.
 */
export function NotificationItem({
  notification,
  onRead,
}: {
  notification: Notification;
  onRead: (id: string) => void;
}) {
  const unread = notification.read_at === null;
  const body: ReactNode = (
    <>
      <span className="flex items-start gap-2">
        {unread ? <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" /> : null}
        <span className={`flex-1 ${unread ? 'font-semibold text-ink' : 'text-ink-muted'}`}>{notification.title}</span>
        {unread ? <span className="sr-only">({t('notifications.unread')})</span> : null}
      </span>
      {notification.content ? <span className="mt-1 block text-sm text-ink-muted">{notification.content}</span> : null}
      {notification.type === 'profit' ? <ProfitDetails notification={notification} /> : null}
      <time dateTime={notification.created_at} className="mt-1 block text-xs text-ink-muted">
        {formatDateTime(notification.created_at)}
      </time>
    </>
  );
  if (!unread) {
    return <div className="rounded-lg border border-transparent px-3 py-2">{body}</div>;
  }
  return (
    <button
      type="button"
      onClick={() => onRead(notification.id)}
      className="block w-full rounded-lg border border-surface-border bg-surface-overlay px-3 py-2 text-left hover:border-accent"
    >
      {body}
    </button>
  );
}
