import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { UserIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { memberLabel, useOwnProfile } from '@/data/profile/get-own-profile';
import { t } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';

/** The member's display name (else the e-mail) with a drop-down: settings (on small screens) and 'Wyloguj'. */
export function UserMenu() {
  const { user, signOut } = useAuth();
  const { data: profile } = useOwnProfile();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const label = memberLabel(profile, user?.email);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const onSignOut = async () => {
    setSigningOut(true);
    setOpen(false);
    // signOut() never throws: a failed call is logged and the local session is cleared anyway.
    await signOut();
    void navigate(paths.home.path, { replace: true });
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('nav.user_menu')}: ${label}`}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink"
      >
        <UserIcon />
        <span className="hidden max-w-48 truncate sm:inline">{label}</span>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-48 rounded-lg border border-surface-border bg-surface-raised p-1 shadow-xl"
      >
        <li className="md:hidden">
          <Link
            to={paths.dashboard.settings.path}
            onClick={() => setOpen(false)}
            className="block rounded-md px-3 py-2 text-sm text-ink hover:bg-surface-overlay"
          >
            {t('nav.settings')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => void onSignOut()}
            disabled={signingOut}
            aria-busy={signingOut}
            className="block w-full rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface-overlay disabled:opacity-50"
          >
            {t('nav.sign_out')}
          </button>
        </li>
      </ul>
    </div>
  );
}
