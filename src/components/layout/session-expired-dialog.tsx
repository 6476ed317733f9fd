import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';
import { returnToState } from '@/lib/auth/return-to';

/**
 * 'Sesja wygasła' (product.md#account-2), loaded by SessionExpiredModal when the session ended
 * without the user signing out (see AuthProvider); 'Zaloguj się ponownie' closes it and goes to /,
 * from where signing in returns to the page the member was on.
 */
export function SessionExpiredDialog() {
  const { sessionExpired, dismissSessionExpired } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  // Signing in again returns to this page (lib/auth/return-to.ts).
  const close = useCallback(() => {
    dismissSessionExpired();
    // The guard may have moved to / already, carrying the page in its state: keep that.
    const state = location.pathname === paths.home.path ? (location.state as unknown) : returnToState(location);
    void navigate(paths.home.path, { replace: true, state });
  }, [dismissSessionExpired, navigate, location]);

  return (
    <Dialog
      open={sessionExpired}
      onClose={close}
      title={t('auth.session_expired.title')}
      description={t('auth.session_expired.text')}
    >
      <div className="mt-6 flex justify-end">
        <Button onClick={close}>{t('auth.session_expired.button')}</Button>
      </div>
    </Dialog>
  );
}
