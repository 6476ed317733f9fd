import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useChangePassword } from '@/data/auth/change-password';
import { t } from '@/i18n/settings';
import { useZodForm } from '@/lib/form';
import { passwordChangeSchema } from '../schemas/password-change.schema';
import { passwordFailure } from '../utils/error-messages';

/**
 * Change password (product.md#dashboard-2, §5): current, new and confirmation; 'Hasła nie są identyczne';
 * Auth checks the current password (a wrong one is refused at its field); on success 'Hasło zostało
 * zmienione pomyślnie' and the fields are cleared.
 */
export function PasswordForm() {
  const changePassword = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { register, handleSubmit, formState, setError, reset, control } = useZodForm(passwordChangeSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const typedPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setChanged(false);
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset();
      setChanged(true);
    } catch (error) {
      const { field, message } = passwordFailure(error);
      if (field) setError(field, { message }, { shouldFocus: true });
      else setFailure(message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <h3 className="text-base font-semibold text-ink">{t('settings.password.title')}</h3>
      <PasswordField
        label={t('settings.password.current')}
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label={t('settings.password.new')}
        autoComplete="new-password"
        rulesFor={typedPassword}
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {changed ? <FormAlert tone="success">{t('password.changed')}</FormAlert> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        label={t('settings.password.submit')}
        pendingLabel={t('settings.password.submitting')}
      />
    </form>
  );
}
