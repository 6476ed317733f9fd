import { useCallback, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ToastProvider } from '@/components/ui/toast';
import { NotificationsLiveProvider } from '@/data/notifications/notifications-live';
import { t } from '@/i18n/messages';
import { DashboardHeader } from './dashboard-header';
import { NavigationProgress } from './navigation-progress';
import { RouteFocus } from './route-focus';
import { SessionExpiryBox } from './session-expiry-box';
import { SideMenu, type MenuEntry } from './side-menu';
import { SiteFooter } from './site-footer';
import { SiteHead } from './site-head';

const NO_ENTRIES: readonly MenuEntry[] = [];

export type NotificationsPanelProps = { open: boolean; onClose: () => void };

type DashboardLayoutProps = {
  /** The side menu's entries (composed in src/app from its section registry); none by default. */
  menu?: readonly MenuEntry[];
  /** The slide-over the bell opens (features/notifications, composed in src/app). */
  notificationsPanel?: ComponentType<NotificationsPanelProps>;
  /** Shown on top of every section for signed-in users (the announcement banner, composed in src/app). */
  banner?: ReactNode;
  /** Loads a section's code and first reads ahead, when its menu entry is pointed at or focused. */
  onPrefetchSection?: (path: string) => void;
};

/**
 * The signed-in shell (product.md#dashboard-2 Layout): header, side menu (collapsible on small screens),
 * the announcement banner, the section outlet, the notifications slide-over and the session box; a
 * progress bar while a page's code loads, and after a move to another page the focus on its `h1`
 * with an announcement.
 * Notifications stay live for the whole shell (one Realtime channel, see data/notifications).
 */
export function DashboardLayout({
  menu = NO_ENTRIES,
  notificationsPanel: NotificationsPanel,
  banner,
  onPrefetchSection,
}: DashboardLayoutProps) {
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const bellRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeNotifications = useCallback(() => {
    setNotificationsOpen(false);
    bellRef.current?.focus();
  }, []);

  return (
    <ToastProvider>
      <NotificationsLiveProvider>
        <SiteHead />
        <div className="min-h-dvh bg-surface text-ink">
          <a
            href="#main-content"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-contrast"
          >
            {t('app.skip_to_content')}
          </a>
          <NavigationProgress />
          <DashboardHeader
            menuId={menuId}
            menuOpen={menuOpen}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            menuToggleRef={menuToggleRef}
            notificationsOpen={notificationsOpen}
            onOpenNotifications={() => setNotificationsOpen(true)}
            bellRef={bellRef}
          />
          <div className="flex">
            <SideMenu
              id={menuId}
              entries={menu}
              open={menuOpen}
              onClose={closeMenu}
              toggleRef={menuToggleRef}
              onPrefetch={onPrefetchSection}
            />
            <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 space-y-6 p-4 md:p-8">
              {banner}
              <div>
                <Outlet />
              </div>
              <SiteFooter className="pt-4" />
            </main>
          </div>
          <SessionExpiryBox />
          <RouteFocus containerId="main-content" />
        </div>
        {NotificationsPanel ? <NotificationsPanel open={notificationsOpen} onClose={closeNotifications} /> : null}
      </NotificationsLiveProvider>
    </ToastProvider>
  );
}
