import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useResendActivation } from '@/data/auth/resend-activation';
import { t } from '@/i18n/messages';
import { useInvisibleCaptcha } from '../hooks/use-invisible-captcha';
import { authErrorMessage } from '../utils/error-messages';

type ResendActivationPanelProps = {
  email: string;
  /** Closes the panel; the form clears its e-mail field and focuses it. */
  onCancel: () => void;
};

/**
 * An account that is not activated yet (login: email_not_confirmed; registration: the e-mail
 * belongs to such an account): resend the activation link, or cancel.
 */
export function ResendActivationPanel({ email, onCancel }: ResendActivationPanelProps) {
  const titleId = useId();
  const resend = useResendActivation();
  const captcha = useInvisibleCaptcha();
  const [error, setError] = useState<string | null>(null);

  const onResend = async () => {
    setError(null);
    try {
      await resend.mutateAsync({ email, captchaToken: await captcha.getToken() });
    } catch (failure) {
      captcha.reset();
      setError(authErrorMessage(failure, 'resend_activation'));
    }
  };

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border border-accent/40 bg-accent/10 p-4">
      <div role="alert" className="space-y-1">
        <h2 id={titleId} className="font-semibold text-accent">
          {t('auth.email_not_confirmed')}
        </h2>
        <p className="text-sm text-ink">{t('auth.resend.description', { email })}</p>
      </div>
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-success">
          {t('auth.resend.sent', { email })} {t('auth.sent.spam')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {captcha.element}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void onResend()} disabled={resend.isPending} aria-busy={resend.isPending || undefined}>
          {resend.isPending ? t('auth.sending') : t('auth.resend.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={resend.isPending}>
          {t('common.cancel')}
        </Button>
      </div>
    </section>
  );
}
