import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * 'Sesja wygasła' (account-and-access.md §2). Opens when the auth context says the session ended
 * without the user signing out (see AuthProvider); 'Zaloguj się ponownie' closes it and goes to /.
 */
export function SessionExpiredModal() {
  const { sessionExpired, dismissSessionExpired } = useAuth();
  const navigate = useNavigate();

  const close = useCallback(() => {
    dismissSessionExpired();
    void navigate(paths.home.path, { replace: true });
  }, [dismissSessionExpired, navigate]);

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
