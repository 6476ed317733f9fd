import { Dialog } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/ui/icons';
import { NOTIFICATIONS_PANEL_LIMIT } from '@/data/notifications/get-notifications';
import { t } from '@/i18n/dashboard';
import { NotificationList } from './notification-list';

/**
 * The slide-over 'Powiadomienia' the header's bell opens (product.md#dashboard-2): a modal panel at the
 * right edge (focus inside, Escape or the close button closes it, the focus returns to the bell).
 * The list is read when the panel opens; new items arrive live (data/notifications).
 */
export function NotificationsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={t('notifications.title')} placement="right">
      <button
        type="button"
        onClick={onClose}
        aria-label={t('app.close')}
        className="absolute right-4 top-5 rounded-lg p-1.5 text-ink-muted hover:bg-surface-overlay hover:text-ink"
      >
        <CloseIcon />
      </button>
      <div className="mt-4">
        <NotificationList limit={NOTIFICATIONS_PANEL_LIMIT} markAll />
      </div>
    </Dialog>
  );
}
