import type { Ref } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { useUnreadNotificationsCount } from '@/data/notifications/notifications-live';
import { t } from '@/i18n/messages';

type NotificationsBellProps = {
  open: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
};

/** The shown number is capped: "99+" beyond 99. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The header's bell: opens the 'Powiadomienia' slide-over; shows the live unread count. */
export function NotificationsBell({ open, onClick, ref }: NotificationsBellProps) {
  const { data: unread = 0 } = useUnreadNotificationsCount();
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={unread > 0 ? t('nav.notifications_unread', { count: unread }) : t('nav.notifications')}
      onClick={onClick}
      className="relative rounded-lg p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink"
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-[0.6875rem] font-bold leading-5 text-accent-contrast"
        >
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </button>
  );
}
