import { useEffect, useState } from 'react';
import { EmailField } from '@/components/form/email-field';
import { FormAlert } from '@/components/form/form-alert';
import { LinkButton } from '@/components/form/link-button';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { normaliseEmail } from '@/data/auth/redirect-urls';
import { useSignIn } from '@/data/auth/sign-in-with-password';
import { t } from '@/i18n/messages';
import { authUserMessage } from '@/lib/auth/auth-errors';
import { loginSchema } from '../schemas/login.schema';
import { ResendActivationPanel } from './resend-activation-panel';
import { useInvisibleCaptcha } from '../hooks/use-invisible-captcha';
import { useLightForm } from '../hooks/use-light-form';
import { isEmailNotConfirmed } from '../utils/error-messages';

type PasswordLoginFormProps = {
  defaultEmail: string;
  focusOnMount: boolean;
  onForgotPassword: (email: string) => void;
  onMagicLink: (email: string) => void;
  /** Fetches the reset and magic-link form's code (its links are pointed at or focused). */
  onPrefetchLinks?: () => void;
};

/**
 * E-mail and password. A successful sign-in puts the session into the auth context; the landing
 * page then moves on to /dashboard (or to the second-factor step).
 */
export function PasswordLoginForm({
  defaultEmail,
  focusOnMount,
  onForgotPassword,
  onMagicLink,
  onPrefetchLinks,
}: PasswordLoginFormProps) {
  // Not useZodForm: the landing page's first download leaves react-hook-form out (use-light-form.ts).
  const { register, handleSubmit, errors, isSubmitting, getValue, setValue, setFocus } = useLightForm(loginSchema, {
    email: defaultEmail,
    password: '',
  });
  const signIn = useSignIn();
  const captcha = useInvisibleCaptcha();
  const [formError, setFormError] = useState<string | null>(null);
  const [notActivated, setNotActivated] = useState<string | null>(null);

  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setNotActivated(null);
    try {
      await signIn.mutateAsync({ ...values, captchaToken: await captcha.getToken() });
    } catch (error) {
      captcha.reset();
      if (isEmailNotConfirmed(error)) setNotActivated(normaliseEmail(values.email));
      else setFormError(authUserMessage(error));
    }
  });

  const cancelResend = () => {
    setNotActivated(null);
    setValue('email', '');
    setValue('password', '');
    setFocus('email');
  };

  return (
    <form noValidate onFocus={captcha.arm} onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <EmailField error={errors.email} {...register('email')} />
      <PasswordField
        label={t('auth.field.password')}
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {notActivated ? <ResendActivationPanel email={notActivated} onCancel={cancelResend} /> : null}
      {captcha.element}
      <SubmitButton pending={isSubmitting} label={t('auth.login.submit')} pendingLabel={t('auth.login.submitting')} />
      <div className="flex flex-col items-center gap-2" onPointerOver={onPrefetchLinks} onFocus={onPrefetchLinks}>
        <LinkButton onClick={() => onForgotPassword(getValue('email'))}>{t('auth.login.forgot_password')}</LinkButton>
        <LinkButton onClick={() => onMagicLink(getValue('email'))}>{t('auth.login.use_magic_link')}</LinkButton>
      </div>
    </form>
  );
}
