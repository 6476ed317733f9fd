import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { buttonClassName } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';
import { authRedirectError } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { useCodeExchange } from '../api/exchange-code';
import { useUpdatePassword } from '../api/update-password';
import { resetPasswordSchema } from '../schemas/reset-password.schema';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';

/** account-and-access.md §9: reset 2 s after success, 3 s after a failed exchange. */
export const RESET_SUCCESS_REDIRECT_MS = 2_000;
export const RESET_FAILURE_REDIRECT_MS = 3_000;

function passwordChanged(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { passwordChanged?: unknown }).passwordChanged === true
  );
}

/** Goes to / after `delay` ms with a notice. */
function useRedirectHome(delay: number | null, notice: { tone: 'success' | 'error'; text: string }) {
  const navigate = useNavigate();
  const { tone, text } = notice;
  useEffect(() => {
    if (delay === null) return;
    const timer = window.setTimeout(() => {
      void navigate(paths.home.path, { replace: true, state: landingNoticeState({ tone, text }) });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [delay, navigate, tone, text]);
}

function NewPasswordForm() {
  const { session, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const update = useUpdatePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useZodForm(resetPasswordSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await update.mutateAsync(password);
    } catch (error) {
      setFormError(authErrorMessage(error, 'password_update'));
      return;
    }
    // The success is kept in the history entry (the code leaves the address), then the
    // recovery session ends: the user logs in with the new password.
    void navigate(pathname, { replace: true, state: { passwordChanged: true } });
    await signOut();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={t('reset.new_password')}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('reset.confirm_password')}
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {!session ? <FormAlert>{t('reset.link_expired')}</FormAlert> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        disabled={!session}
        label={t('reset.submit')}
        pendingLabel={t('reset.submitting')}
      />
    </form>
  );
}

/**
 * /reset-password?code=… (account-and-access.md §2, §4): the code is exchanged for a session; only
 * with it can the form be sent. Success signs out and goes to / after 2 s with the message; a failed
 * exchange (or an error Supabase put in the address) goes to / after 3 s; no code: an error.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const changed = passwordChanged(location.state);
  const redirectError = authRedirectError(params);
  const code = changed || redirectError ? null : params.get('code');
  const exchange = useCodeExchange(code);
  const failed = redirectError !== null || exchange.isError;

  useRedirectHome(changed ? RESET_SUCCESS_REDIRECT_MS : null, { tone: 'success', text: t('reset.log_in_again') });
  useRedirectHome(failed && !changed ? RESET_FAILURE_REDIRECT_MS : null, {
    tone: 'error',
    text: t('reset.link_expired'),
  });

  if (changed) {
    return (
      <div className="space-y-3 text-center">
        <FormAlert tone="success">{t('password.changed')}</FormAlert>
        <p className="text-sm text-ink-muted">{t('reset.redirect')}</p>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="space-y-3 text-center">
        <FormAlert>{authErrorMessage(redirectError ?? exchange.error, 'reset_link')}</FormAlert>
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
  if (exchange.isPending) return <LoadingState label={t('reset.verifying')} />;
  return <NewPasswordForm />;
}
