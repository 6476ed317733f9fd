import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useUpdatePassword } from '@/data/auth/update-password';
import { t } from '@/i18n/account';
import type { AccountMessageKey } from '@/i18n/account';
import type { MessageKey as EntryMessageKey } from '@/i18n/messages';

type MessageKey = EntryMessageKey | AccountMessageKey;
import { useAuth } from '@/lib/auth/auth-context';
import { useZodForm } from '@/lib/form';
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
 * Two password fields (Auth's rules, shown as the member types; equal) that set the signed-in user's password: the
 * reset-password page (recovery session) and the activation page (when the sign-up password could
 * not be claimed). Without a session it cannot be sent.
 */
export function NewPasswordForm({ onChanged, submitLabel, submittingLabel, noSessionMessage }: NewPasswordFormProps) {
  const { session } = useAuth();
  const update = useUpdatePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useZodForm(resetPasswordSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

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
      <PasswordField
        label={t('reset.new_password')}
        autoComplete="new-password"
        rulesFor={password}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('reset.confirm_password')}
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
