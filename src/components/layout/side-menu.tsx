import { useEffect, useRef, type RefObject } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { t, type MessageKey } from '@/i18n/messages';

/** An entry of the side menu. The app passes them (src/app/sections.ts, the one list of sections). */
export type MenuEntry = {
  to: string;
  labelKey: MessageKey;
  /** Active only on an exact match (the Dashboard entry). */
  end?: boolean;
  /** Path prefix that marks the entry active, when it differs from `to`. */
  activeFor?: string;
};

function isActive(entry: MenuEntry, pathname: string): boolean {
  return matchPath({ path: entry.activeFor ?? entry.to, end: entry.end ?? false }, pathname) !== null;
}

type SideMenuProps = {
  id: string;
  /** Its entries, in order (the app's section registry: the member sections, 'Panel Admina' for admins). */
  entries: readonly MenuEntry[];
  /** Open on small screens; on wide screens the menu is always shown. */
  open: boolean;
  onClose: () => void;
  /** The toggle that opened it: Escape gives the focus back to it. */
  toggleRef?: RefObject<HTMLButtonElement | null>;
  /** Called with an entry's path when it is pointed at or focused (to load the section ahead). */
  onPrefetch?: (path: string) => void;
};

/** The dashboard's side menu (product.md#dashboard-2). */
export function SideMenu({ id, entries, open, onClose, toggleRef, onPrefetch }: SideMenuProps) {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    // Opened with the toggle (small screens): the keyboard continues in the menu.
    navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        toggleRef?.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, toggleRef]);

  return (
    <>
      {open ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 bottom-0 top-16 z-30 bg-black/60 md:hidden"
          onClick={onClose}
        />
      ) : null}
      {/* The column fills the page's height (its background does not stop at the first screen); the menu in it stays in view. */}
      <div className="contents md:block md:w-64 md:shrink-0 md:border-r md:border-surface-border md:bg-surface-raised">
        <nav
          ref={navRef}
          id={id}
          aria-label={t('nav.main_menu')}
          className={`${open ? 'block' : 'hidden'} w-64 shrink-0 overflow-y-auto bg-surface-raised p-4 max-md:border-r max-md:border-surface-border max-md:fixed max-md:bottom-0 max-md:left-0 max-md:top-16 max-md:z-40 md:sticky md:top-16 md:block md:h-[calc(100dvh-4rem)]`}
        >
          <ul className="space-y-1">
            {entries.map((entry) => {
              const active = isActive(entry, pathname);
              return (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    aria-current={active ? 'page' : undefined}
                    onClick={onClose}
                    onPointerEnter={() => onPrefetch?.(entry.to)}
                    onFocus={() => onPrefetch?.(entry.to)}
                    className={`block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      active
                        ? 'bg-accent text-accent-contrast'
                        : 'text-ink-muted hover:bg-surface-overlay hover:text-ink'
                    }`}
                  >
                    {t(entry.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}
