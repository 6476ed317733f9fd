import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { useVerifyTotp } from '@/data/auth/verify-totp';
import { t } from '@/i18n/mfa';
import { authUserMessage } from '@/lib/auth/auth-errors';
import { useZodForm } from '@/lib/form';
import { oneTimeCode } from '@/lib/validation/one-time-code';

const stepUpSchema = z.object({ code: oneTimeCode() });

type TotpStepUpProps = {
  /** The verified TOTP factor to prove. */
  factorId: string;
  /** Why the code is asked for (e.g. before a withdrawal). */
  description: string;
  /** The session is aal2 now: carry on with what needed it. */
  onVerified: () => void;
  onCancel: () => void;
};

/**
 * The step-up to aal2 for an action Auth or the database guards with it (a withdrawal, turning 2FA
 * off): the 6-digit code of the enrolled authenticator, verified with Auth MFA. A wrong code shows
 * 'Nieprawidłowy kod' and the field is cleared for the next one.
 */
export function TotpStepUp({ factorId, description, onVerified, onCancel }: TotpStepUpProps) {
  const verify = useVerifyTotp();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setFocus, setValue } = useZodForm(stepUpSchema, {
    defaultValues: { code: '' },
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await verify.mutateAsync({ factorId, code });
      onVerified();
    } catch (error) {
      setFormError(authUserMessage(error));
      setValue('code', '');
      setFocus('code');
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <p className="text-sm text-ink-muted">{description}</p>
      <OneTimeCodeField label={t('mfa.step_up.code')} error={formState.errors.code?.message} {...register('code')} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <div className="sm:flex-1">
          <SubmitButton
            pending={formState.isSubmitting}
            label={t('mfa.step_up.submit')}
            pendingLabel={t('mfa.step_up.submitting')}
          />
        </div>
        <Button variant="ghost" onClick={onCancel} disabled={formState.isSubmitting} className="sm:flex-1">
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
