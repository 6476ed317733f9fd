import { Link } from 'react-router-dom';
import { BellIcon, CloseIcon, MenuIcon, SettingsIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { UserMenu } from './user-menu';

type DashboardHeaderProps = {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
};

/**
 * Title, membership badge (→ /dashboard/investments), notifications bell, settings link and the
 * user menu (dashboard.md §2). The badge and the bell are placeholders until their features land.
 */
export function DashboardHeader({ menuId, menuOpen, onToggleMenu }: DashboardHeaderProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-surface-border bg-surface/95 px-4 backdrop-blur">
      <button
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={menuOpen ? t('nav.close_menu') : t('nav.open_menu')}
        onClick={onToggleMenu}
        className="rounded-lg p-2 text-ink-muted hover:bg-surface-overlay hover:text-ink md:hidden"
      >
        {menuOpen ? <CloseIcon /> : <MenuIcon />}
      </button>
      <Link to={paths.dashboard.root.path} className="text-lg font-bold text-accent">
        {t('app.name')}
      </Link>
      <div className="ml-auto flex items-center gap-2">
        <Link
          to={paths.dashboard.investments.path}
          title={t('nav.membership_label')}
          className="rounded-full border border-accent px-3 py-1 text-xs font-semibold uppercase tracking-wide text-accent hover:bg-accent hover:text-accent-contrast"
        >
          {t('nav.membership')}
        </Link>
        <button
          type="button"
          disabled
          aria-label={t('nav.notifications')}
          className="rounded-lg p-2 text-ink-muted disabled:opacity-60"
        >
          <BellIcon />
        </button>
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
