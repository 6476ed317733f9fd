import { useCallback, useId, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ToastProvider } from '@/components/ui/toast';
import { t } from '@/i18n/messages';
import { DashboardHeader } from './dashboard-header';
import { SessionExpiryBox } from './session-expiry-box';
import { SideMenu } from './side-menu';

/** The signed-in shell: header, side menu (collapsible on small screens) and the section outlet. */
export function DashboardLayout() {
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <ToastProvider>
      <div className="min-h-dvh bg-surface text-ink">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-contrast"
        >
          {t('app.skip_to_content')}
        </a>
        <DashboardHeader menuId={menuId} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        <div className="flex">
          <SideMenu id={menuId} open={menuOpen} onClose={closeMenu} />
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 md:p-8">
            <Outlet />
          </main>
        </div>
        <SessionExpiryBox />
      </div>
    </ToastProvider>
  );
}
