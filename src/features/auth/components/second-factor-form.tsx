import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { useVerifySecondFactor } from '@/data/auth/verify-second-factor';
import { t } from '@/i18n/account';
import { useAuth } from '@/lib/auth/auth-context';
import { authUserMessage } from '@/lib/auth/auth-errors';
import { useZodForm } from '@/lib/form';
import { secondFactorSchema } from '../schemas/second-factor.schema';

/**
 * The second step of signing in for an account with 2FA (an aal1 session that can reach aal2):
 * the 6-digit code from the authenticator app. Once verified the session is aal2 and the landing
 * page moves on to /dashboard. 'Anuluj' signs the half-finished session out.
 */
export function SecondFactorForm() {
  const { signOut } = useAuth();
  const verify = useVerifySecondFactor();
  const { register, handleSubmit, formState, setFocus, setValue } = useZodForm(secondFactorSchema, {
    defaultValues: { code: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await verify.mutateAsync(code);
    } catch (error) {
      setFormError(authUserMessage(error));
      setValue('code', '');
      setFocus('code');
    }
  });

  const cancel = async () => {
    setCancelling(true);
    await signOut();
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-ink">{t('auth.mfa.title')}</h2>
        <p className="text-sm text-ink-muted">{t('auth.mfa.description')}</p>
      </div>
      <OneTimeCodeField label={t('auth.mfa.code')} error={formState.errors.code?.message} {...register('code')} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        disabled={cancelling}
        label={t('auth.mfa.submit')}
        pendingLabel={t('auth.mfa.submitting')}
      />
      <Button variant="ghost" className="w-full" onClick={() => void cancel()} disabled={cancelling}>
        {t('common.cancel')}
      </Button>
    </form>
  );
}
