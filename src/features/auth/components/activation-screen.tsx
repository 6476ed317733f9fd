import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useActivation } from '@/data/auth/verify-activation';
import { t } from '@/i18n/account';
import { authRedirectError } from '@/lib/auth/auth-errors';
import { isNetworkError } from '@/lib/errors';
import { useRedirectAfter, type RedirectTarget } from '@/lib/use-redirect-after';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';
import { NewPasswordForm } from './new-password-form';

/** product.md#account-9: after activation, the next page comes after 2 seconds. */
export const ACTIVATION_REDIRECT_MS = 2_000;

/** The activation link carries `token` (or `confirmation_token`): the token hash to verify. */
function tokenFrom(params: URLSearchParams): string | null {
  return params.get('token')?.trim() || params.get('confirmation_token')?.trim() || null;
}

type Outcome =
  | { state: 'loading' }
  | { state: 'success'; message: string; next: 'dashboard' | 'home' }
  | { state: 'set_password' }
  | { state: 'offline'; message: string }
  | { state: 'error'; message: string };

const DASHBOARD: RedirectTarget = { to: paths.dashboard.root.path };
const HOME_CAN_LOG_IN: RedirectTarget = {
  to: paths.home.path,
  state: landingNoticeState({ tone: 'success', text: t('activation.can_log_in') }),
};

/**
 * /activate (product.md#account-2, §4): loading, then success or error (with a way home).
 * Success with a session → /dashboard after 2 s; without one → / after 2 s with "activated, you
 * can log in". When this browser could not claim the password chosen at sign-up (it was not the
 * browser that signed up, or someone else did: docs/decisions.md, pre-account takeover), the member
 * sets a password first. A failed link while this browser holds a confirmed session → 'Konto jest
 * już aktywowane', then /dashboard. No answer at all: the network message and a retry.
 */
export function ActivationScreen() {
  const [params] = useSearchParams();
  const redirectError = authRedirectError(params);
  const token = redirectError ? null : tokenFrom(params);
  const activation = useActivation(token);
  const [passwordSet, setPasswordSet] = useState(false);
  const setPasswordTitleId = useId();

  let outcome: Outcome;
  if (redirectError) outcome = { state: 'error', message: authErrorMessage(redirectError, 'activation') };
  else if (!token) outcome = { state: 'error', message: t('activation.token_missing') };
  else if (activation.isPending) outcome = { state: 'loading' };
  else if (activation.isError)
    outcome = {
      state: isNetworkError(activation.error) ? 'offline' : 'error',
      message: authErrorMessage(activation.error, 'activation'),
    };
  else if (activation.data.status === 'already_active')
    outcome = { state: 'success', message: t('activation.already_active'), next: 'dashboard' };
  else if (activation.data.passwordRequired && !passwordSet) outcome = { state: 'set_password' };
  else
    outcome = {
      state: 'success',
      message: passwordSet ? t('activation.password_set') : t('activation.success'),
      next: activation.data.signedIn ? 'dashboard' : 'home',
    };

  const next = outcome.state === 'success' ? outcome.next : null;
  useRedirectAfter(ACTIVATION_REDIRECT_MS, next === 'dashboard' ? DASHBOARD : next === 'home' ? HOME_CAN_LOG_IN : null);

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

  if (outcome.state === 'set_password') {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">{t('activation.success')}</FormAlert>
        <section aria-labelledby={setPasswordTitleId} className="space-y-2">
          <h2 id={setPasswordTitleId} className="font-semibold text-ink">
            {t('activation.set_password.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('activation.set_password.description')}</p>
        </section>
        <NewPasswordForm
          onChanged={() => setPasswordSet(true)}
          submitLabel="activation.set_password.submit"
          submittingLabel="activation.set_password.submitting"
          noSessionMessage="activation.set_password.no_session"
        />
      </div>
    );
  }

  if (outcome.state === 'offline') {
    return (
      <div className="space-y-4 text-center">
        <ErrorState
          message={outcome.message}
          onRetry={() => void activation.refetch()}
          retrying={activation.isFetching}
        />
        <Link to={paths.home.path} replace className={buttonClassName('secondary')}>
          {t('app.home')}
        </Link>
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
