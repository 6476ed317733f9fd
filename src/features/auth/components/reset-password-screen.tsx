import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useEmailLink } from '@/data/auth/verify-email-link';
import { t } from '@/i18n/account';
import { useAuth } from '@/lib/auth/auth-context';
import { authRedirectError } from '@/lib/auth/auth-errors';
import { isNetworkError } from '@/lib/errors';
import { useRedirectAfter } from '@/lib/use-redirect-after';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';
import { NewPasswordForm } from './new-password-form';

/** product.md#account-9: reset 2 s after success, 3 s after a failed link. */
export const RESET_SUCCESS_REDIRECT_MS = 2_000;
export const RESET_FAILURE_REDIRECT_MS = 3_000;

function passwordChanged(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { passwordChanged?: unknown }).passwordChanged === true
  );
}

function PasswordChanged() {
  return (
    <div className="space-y-3 text-center">
      <FormAlert tone="success">{t('password.changed')}</FormAlert>
      <p className="text-sm text-ink-muted">{t('reset.redirect')}</p>
    </div>
  );
}

/**
 * /reset-password?code=… (product.md#account-2, §4): the link's code (the token hash the reset
 * e-mail carries) is verified with Auth (verifyOtp, type recovery) for a session; only with it can
 * the form be sent. After the change the user is signed out first (at most SIGN_OUT_TIMEOUT_MS;
 * the local session ends in any case), then goes to / 2 s later with the message. A link Auth
 * refuses (or an error Supabase put in the address) goes to / after 3 s; a request that got no
 * answer at all says so and offers a retry, keeping the link. No code: an error.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const changed = passwordChanged(location.state);
  const redirectError = authRedirectError(params);
  const code = changed || signingOut || redirectError ? null : params.get('code')?.trim() || null;
  const link = useEmailLink('recovery', code);
  const offline = link.isError && isNetworkError(link.error);
  const failed = redirectError !== null || (link.isError && !offline);

  useRedirectAfter(
    RESET_SUCCESS_REDIRECT_MS,
    changed
      ? { to: paths.home.path, state: landingNoticeState({ tone: 'success', text: t('reset.log_in_again') }) }
      : null,
  );
  useRedirectAfter(
    RESET_FAILURE_REDIRECT_MS,
    failed && !changed
      ? { to: paths.home.path, state: landingNoticeState({ tone: 'error', text: t('reset.link_expired') }) }
      : null,
  );

  const onChanged = async () => {
    // The success shows at once; the 2 s start only once the recovery session has ended.
    setSigningOut(true);
    await signOut();
    void navigate(location.pathname, { replace: true, state: { passwordChanged: true } });
  };

  if (changed || signingOut) return <PasswordChanged />;
  if (failed) {
    return (
      <div className="space-y-3 text-center">
        <FormAlert>{authErrorMessage(redirectError ?? link.error, 'reset_link')}</FormAlert>
        <p className="text-sm text-ink-muted">{t('reset.redirect')}</p>
      </div>
    );
  }
  if (!code) {
    return (
      <div className="space-y-4 text-center">
        <FormAlert>{t('reset.invalid_link')}</FormAlert>
        <Link to={paths.home.path} replace className={buttonClassName('primary')}>
          {t('app.home')}
        </Link>
      </div>
    );
  }
  if (offline) {
    return (
      <ErrorState
        message={authErrorMessage(link.error, 'reset_link')}
        onRetry={() => void link.refetch()}
        retrying={link.isFetching}
      />
    );
  }
  if (link.isPending) return <LoadingState label={t('reset.verifying')} />;
  return (
    <NewPasswordForm
      onChanged={onChanged}
      submitLabel="reset.submit"
      submittingLabel="reset.submitting"
      noSessionMessage="reset.link_expired"
    />
  );
}
