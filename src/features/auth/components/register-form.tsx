import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { EmailField } from '@/components/form/email-field';
import { FormAlert } from '@/components/form/form-alert';
import { LazyPhoneField } from '@/components/form/lazy-phone-field';
import { PasswordField } from '@/components/form/password-field';
import { loadPhoneModule } from '@/components/form/phone-field-chunk';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { normaliseEmail } from '@/data/auth/redirect-urls';
import { useRegister } from '@/data/auth/register';
import { t } from '@/i18n/account';
import { useResolvedForm } from '@/lib/form';
import { useSupabase } from '@/lib/supabase-context';
import {
  createRegisterSchema,
  type RegisterFormValues,
  type RegisterSchema,
  type RegisterValues,
} from '../schemas/register.schema';
import { DEVELOPMENT_CAPTCHA_TOKEN, isCaptchaEnabled } from '../utils/captcha-token';
import { referralCodeFromSearch, storedReferralCode } from '../utils/referral-storage';
import { registrationProblems } from '../utils/registration-rules';
import { RegisterCaptcha } from './register-captcha';
import { RegistrationSent } from './registration-sent';
import { ResendActivationPanel } from './resend-activation-panel';
import { authErrorMessage } from '../utils/error-messages';

/*
 * The 'Rejestracja' tab: a lazy chunk of its own (the landing page does not download it until the
 * tab is opened), which in turn loads the phone-input chunk.
 */

let schema: RegisterSchema | null = null;
/** The schema needs the phone rules from the phone chunk, which the field itself has loaded by then. */
const registerResolver: Resolver<RegisterFormValues, unknown, RegisterValues> = async (values, context, options) => {
  schema ??= createRegisterSchema((await loadPhoneModule()).checkPhone);
  const resolve = zodResolver(schema) as unknown as Resolver<RegisterFormValues, unknown, RegisterValues>;
  return resolve(values, context, options);
};

/**
 * The privacy notice under the form (RODO art. 13: told when the data are collected): the app's
 * page, opened in a new tab so nothing typed here is lost.
 */
function PrivacyNotice() {
  return (
    <p className="text-center text-sm text-ink-muted">
      {t('auth.register.privacy')}{' '}
      <a href={paths.privacy.path} target="_blank" rel="noopener" className="text-accent underline">
        {t('auth.register.privacy_link')}
      </a>
      .
    </p>
  );
}

/**
 * Registration (product.md#account-2, §4, §5): the form's rules per field, then the service
 * rules (joined with ', ' as one general error), then the e-mail's account status and the
 * referral code, then sign-up; afterwards the check-your-mailbox screen.
 */
export function RegisterForm() {
  const location = useLocation();
  const { preload } = useSupabase();
  const captchaEnabled = isCaptchaEnabled();
  const widgetRef = useRef<HCaptcha>(null);
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [notActivated, setNotActivated] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Back from the check-your-mailbox screen: the form keeps what was typed; the e-mail gets the focus.
  const correcting = useRef(false);

  const form = useResolvedForm(registerResolver, {
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      // Prefilled from ?ref (or the code kept from an earlier page of this session).
      referralCode: referralCodeFromSearch(location.search) ?? storedReferralCode() ?? '',
      password: '',
      confirmPassword: '',
      captchaToken: captchaEnabled ? '' : DEVELOPMENT_CAPTCHA_TOKEN,
    },
  });
  const { register, control, handleSubmit, formState, setError, setValue, setFocus, getValues } = form;
  const password = useWatch({ control, name: 'password' });

  // A ?ref that arrives while the form is open fills the field if it is still empty.
  useEffect(() => {
    const code = referralCodeFromSearch(location.search);
    if (code && !getValues('referralCode')) setValue('referralCode', code);
  }, [location.search, getValues, setValue]);

  useEffect(() => {
    if (sentTo || !correcting.current) return;
    correcting.current = false;
    setFocus('email');
  }, [sentTo, setFocus]);

  // Opening this tab means the visitor is about to register: the client loads while they type.
  useEffect(() => preload(), [preload]);

  const resetCaptcha = () => {
    if (!captchaEnabled) return;
    widgetRef.current?.resetCaptcha();
    setValue('captchaToken', '');
  };

  const submit = async (values: RegisterValues) => {
    setFormError(null);
    setNotActivated(null);
    const { isServicePhoneValid } = await loadPhoneModule();
    const problems = registrationProblems(values, isServicePhoneValid);
    if (problems.length > 0) {
      setFormError(problems.map((key) => t(key)).join(', '));
      return;
    }
    try {
      const outcome = await registerAccount.mutateAsync(values);
      if (outcome === 'sent') setSentTo(normaliseEmail(values.email));
      else if (outcome === 'already_active') setFormError(t('auth.user_already_exists'));
      else if (outcome === 'not_activated') setNotActivated(normaliseEmail(values.email));
      else setError('referralCode', { message: 'validation.referral_code.invalid' }, { shouldFocus: true });
    } catch (error) {
      resetCaptcha();
      setFormError(authErrorMessage(error, 'sign_up'));
    }
  };

  const cancelResend = () => {
    setNotActivated(null);
    setValue('email', '');
    setFocus('email');
  };

  if (sentTo) {
    return (
      <RegistrationSent
        email={sentTo}
        onCorrectEmail={() => {
          correcting.current = true;
          setSentTo(null);
          // A solved captcha was spent on the sign-up: the corrected one needs a new answer.
          if (captchaEnabled) setValue('captchaToken', '');
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
      <TextField
        label={t('auth.field.full_name')}
        autoComplete="name"
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <EmailField error={formState.errors.email?.message} {...register('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <LazyPhoneField
            label={t('auth.field.phone')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={t('auth.field.referral_code')}
        hint={t('auth.field.optional')}
        autoComplete="off"
        autoCapitalize="characters"
        error={formState.errors.referralCode?.message}
        {...register('referralCode')}
      />
      <PasswordField
        label={t('auth.field.password')}
        autoComplete="new-password"
        rulesFor={password}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('auth.field.confirm_password')}
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {captchaEnabled ? <RegisterCaptcha control={control} widgetRef={widgetRef} /> : null}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {notActivated ? <ResendActivationPanel email={notActivated} onCancel={cancelResend} /> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        label={t('auth.register.submit')}
        pendingLabel={t('auth.register.submitting')}
      />
      <PrivacyNotice />
    </form>
  );
}
