import { useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { t, type MessageKey } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';
import { useZodForm } from '@/lib/form';
import { useUpdatePassword } from '../api/update-password';
import { resetPasswordSchema } from '../schemas/reset-password.schema';
import { authErrorMessage } from '../utils/error-messages';

type NewPasswordFormProps = {
  /** The password is set (PUT /user succeeded). */
  onChanged: () => void | Promise<void>;
  submitLabel: MessageKey;
  submittingLabel: MessageKey;
  /** Shown when the session the form needs is gone. */
  noSessionMessage: MessageKey;
};

/**
 * Two password fields (at least 8 characters, equal) that set the signed-in user's password: the
 * reset-password page (recovery session) and the activation page (when the sign-up password could
 * not be claimed). Without a session it cannot be sent.
 */
export function NewPasswordForm({ onChanged, submitLabel, submittingLabel, noSessionMessage }: NewPasswordFormProps) {
  const { session } = useAuth();
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
    await onChanged();
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
      {!session ? <FormAlert>{t(noSessionMessage)}</FormAlert> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        disabled={!session}
        label={t(submitLabel)}
        pendingLabel={t(submittingLabel)}
      />
    </form>
  );
}
