import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { authRedirectError } from '@/lib/errors';
import { useActivation } from '../api/verify-activation';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';

/** account-and-access.md §9: after activation, the next page comes after 2 seconds. */
export const ACTIVATION_REDIRECT_MS = 2_000;

/** The activation link carries `token` (or `confirmation_token`): the token hash to verify. */
function tokenFrom(params: URLSearchParams): string | null {
  return params.get('token')?.trim() || params.get('confirmation_token')?.trim() || null;
}

type Outcome =
  | { state: 'loading' }
  | { state: 'success'; message: string; next: 'dashboard' | 'home' }
  | { state: 'error'; message: string };

/**
 * /activate (account-and-access.md §2, §4): loading, then success or error (with a way home).
 * Success with a session → /dashboard after 2 s; without one → / after 2 s with "activated, you
 * can log in". A failed link while this browser holds a confirmed session → 'Konto jest już
 * aktywowane', then /dashboard.
 */
export function ActivationScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectError = authRedirectError(params);
  const token = redirectError ? null : tokenFrom(params);
  const activation = useActivation(token);

  let outcome: Outcome;
  if (redirectError) outcome = { state: 'error', message: authErrorMessage(redirectError, 'activation') };
  else if (!token) outcome = { state: 'error', message: t('activation.token_missing') };
  else if (activation.isPending) outcome = { state: 'loading' };
  else if (activation.isError) outcome = { state: 'error', message: authErrorMessage(activation.error, 'activation') };
  else if (activation.data.status === 'already_active')
    outcome = { state: 'success', message: t('activation.already_active'), next: 'dashboard' };
  else
    outcome = {
      state: 'success',
      message: t('activation.success'),
      next: activation.data.signedIn ? 'dashboard' : 'home',
    };

  const next = outcome.state === 'success' ? outcome.next : null;
  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => {
      if (next === 'dashboard') void navigate(paths.dashboard.root.path, { replace: true });
      else
        void navigate(paths.home.path, {
          replace: true,
          state: landingNoticeState({ tone: 'success', text: t('activation.can_log_in') }),
        });
    }, ACTIVATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [next, navigate]);

  if (outcome.state === 'loading') return <LoadingState label={t('activation.loading')} />;

  if (outcome.state === 'success') {
    return (
      <div className="space-y-3 text-center">
        <FormAlert tone="success">{outcome.message}</FormAlert>
        <p className="text-sm text-ink-muted">
          {outcome.next === 'dashboard' ? t('activation.redirect_dashboard') : t('reset.redirect')}
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-4 text-center">
      <FormAlert>{outcome.message}</FormAlert>
      <Link to={paths.home.path} replace className={buttonClassName('primary')}>
        {t('app.home')}
      </Link>
    </div>
  );
}
