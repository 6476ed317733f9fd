import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useResendActivation } from '@/data/auth/resend-activation';
import { t } from '@/i18n/account';
import { useInvisibleCaptcha } from '../hooks/use-invisible-captcha';
import { authErrorMessage } from '../utils/error-messages';

/** Auth sends at most one sign-up e-mail a minute (supabase/config.toml, auth.email.max_frequency). */
export const RESEND_COOLDOWN_S = 60;

type RegistrationSentProps = {
  email: string;
  /** Back to the form, with what was typed, to correct a mistyped address. */
  onCorrectEmail: () => void;
};

/**
 * The check-your-mailbox screen after registration: the address the link went to, a resend that
 * opens after a visible 60-second countdown (and starts it again), and a way back to correct the
 * address.
 */
export function RegistrationSent({ email, onCorrectEmail }: RegistrationSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timerId = useId();
  const resend = useResendActivation();
  const captcha = useInvisibleCaptcha();
  const [readyAt, setReadyAt] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((readyAt - now) / 1000));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= readyAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [readyAt]);

  const onResend = async () => {
    setError(null);
    try {
      await resend.mutateAsync({ email, captchaToken: await captcha.getToken() });
      const sentAt = Date.now();
      setNow(sentAt);
      setReadyAt(sentAt + RESEND_COOLDOWN_S * 1000);
    } catch (failure) {
      captcha.reset();
      setError(authErrorMessage(failure, 'resend_activation'));
    }
  };

  const waiting = left > 0;
  return (
    <div className="space-y-4 text-center">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-accent focus:outline-none">
        {t('auth.register.success_title')}
      </h2>
      <p role="status" className="text-ink">
        {t('auth.register.success', { email })}
      </p>
      {resend.isSuccess && !error ? (
        <p role="status" className="text-sm text-success">
          {t('auth.resend.sent', { email })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {captcha.element}
      <div className="space-y-2">
        <Button
          className="w-full"
          onClick={() => void onResend()}
          disabled={waiting || resend.isPending}
          aria-busy={resend.isPending || undefined}
          aria-describedby={waiting ? timerId : undefined}
        >
          {resend.isPending ? t('auth.sending') : t('auth.resend.submit')}
        </Button>
        {waiting ? (
          <p id={timerId} className="text-sm text-ink-muted">
            {t('auth.resend.wait')}{' '}
            <span role="timer" className="font-mono font-semibold tabular-nums">
              {t('auth.resend.seconds', { seconds: left })}
            </span>
          </p>
        ) : null}
        <Button variant="secondary" className="w-full" onClick={onCorrectEmail}>
          {t('auth.register.correct_email')}
        </Button>
      </div>
    </div>
  );
}
