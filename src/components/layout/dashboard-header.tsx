import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon, MenuIcon, SettingsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { MembershipBadge } from './membership-badge';
import { NotificationsBell } from './notifications-bell';
import { useSiteTitle } from './site-head';
import { UserMenu } from './user-menu';

type DashboardHeaderProps = {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  menuToggleRef?: Ref<HTMLButtonElement>;
  notificationsOpen: boolean;
  onOpenNotifications: () => void;
  /** The bell, so the slide-over can give the focus back to it. */
  bellRef?: Ref<HTMLButtonElement>;
};

/**
 * Title (site settings), membership badge (→ /dashboard/investments), notifications bell with the
 * unread count, settings link and the user menu (product.md#dashboard-2 Layout).
 */
export function DashboardHeader({
  menuId,
  menuOpen,
  onToggleMenu,
  menuToggleRef,
  notificationsOpen,
  onOpenNotifications,
  bellRef,
}: DashboardHeaderProps) {
  const siteTitle = useSiteTitle();
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-surface-border bg-surface/95 px-4 backdrop-blur">
      <button
        ref={menuToggleRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={menuOpen ? t('nav.close_menu') : t('nav.open_menu')}
        onClick={onToggleMenu}
        className="rounded-lg p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink md:hidden"
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
      <Link to={paths.dashboard.root.path} className="truncate text-lg font-bold text-accent">
        {siteTitle}
      </Link>
      <div className="ml-auto flex items-center gap-2">
        <MembershipBadge />
        <NotificationsBell ref={bellRef} open={notificationsOpen} onClick={onOpenNotifications} />
        <Link
          to={paths.dashboard.settings.path}
          aria-label={t('nav.settings')}
          className="hidden rounded-lg p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink md:inline-flex"
        >
          <SettingsIcon />
        </Link>
        <UserMenu />
      </div>
    </header>
  );
}
