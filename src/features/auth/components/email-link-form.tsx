import { useEffect, useId, useState } from 'react';
import { EmailField } from '@/components/form/email-field';
import { FormAlert } from '@/components/form/form-alert';
import { LinkButton } from '@/components/form/link-button';
import { SubmitButton } from '@/components/form/submit-button';
import { normaliseEmail } from '@/data/auth/redirect-urls';
import { useSendMagicLink } from '@/data/auth/send-magic-link';
import { useSendPasswordReset } from '@/data/auth/send-password-reset';
import { t } from '@/i18n/messages';
import { authUserMessage } from '@/lib/auth/auth-errors';
import { useZodForm } from '@/lib/form';
import { emailOnlySchema } from '../schemas/email.schema';
import { useInvisibleCaptcha } from '../hooks/use-invisible-captcha';

export type EmailLinkFormProps = {
  /** 'reset': forgot-password mode; 'magic': magic-link mode. Both show the e-mail field only. */
  link: 'reset' | 'magic';
  defaultEmail: string;
  focusOnMount: boolean;
  onSent: (email: string) => void;
  onBack: (email: string) => void;
};

const TEXTS = {
  reset: { title: 'auth.forgot.title', description: 'auth.forgot.description', submit: 'auth.forgot.submit' },
  magic: { title: 'auth.magic.title', description: 'auth.magic.description', submit: 'auth.magic.submit' },
} as const;

/** Sends a password-reset link or a magic link to an e-mail address. */
export function EmailLinkForm({ link, defaultEmail, focusOnMount, onSent, onBack }: EmailLinkFormProps) {
  const titleId = useId();
  const { register, handleSubmit, formState, getValues, setFocus } = useZodForm(emailOnlySchema, {
    defaultValues: { email: defaultEmail },
  });
  const reset = useSendPasswordReset();
  const magic = useSendMagicLink();
  const captcha = useInvisibleCaptcha();
  const [formError, setFormError] = useState<string | null>(null);
  const texts = TEXTS[link];

  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const input = { email, captchaToken: await captcha.getToken() };
      await (link === 'reset' ? reset.mutateAsync(input) : magic.mutateAsync(input));
      onSent(normaliseEmail(email));
    } catch (error) {
      captcha.reset();
      setFormError(authUserMessage(error));
    }
  });

  return (
    <form
      noValidate
      onFocus={captcha.arm}
      aria-labelledby={titleId}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
    >
      <div className="space-y-1">
        <h2 id={titleId} className="font-semibold text-ink">
          {t(texts.title)}
        </h2>
        <p className="text-sm text-ink-muted">{t(texts.description)}</p>
      </div>
      <EmailField error={formState.errors.email?.message} {...register('email')} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {captcha.element}
      <SubmitButton pending={formState.isSubmitting} label={t(texts.submit)} pendingLabel={t('auth.sending')} />
      <div className="text-center">
        <LinkButton onClick={() => onBack(getValues('email'))}>{t('auth.login.back')}</LinkButton>
      </div>
    </form>
  );
}
