import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { LazyPhoneField } from '@/components/form/lazy-phone-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { AdminUser } from '@/data/users/list-users';
import { useUpdateUser } from '@/data/users/update-user';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { Constants } from '@/types/database.types';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { isCalendarDate, userEditSchema } from '../schemas/user-edit.schema';

const LEVEL_OPTIONS = Constants.public.Enums.membership_level.map((level) => ({ value: level, label: level }));

/**
 * The user edit modal (product.md#dashboard-2, §7 Admin): full name, phone, membership level and its
 * end date (issue 19 §3; empty = no end), e-mail confirmed.
 */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, control, formState, watch, setValue } = useZodForm(userEditSchema, {
    defaultValues: {
      fullName: user.full_name ?? '',
      phone: user.phone ?? '',
      level: user.membership_level,
      emailConfirmed: user.email_confirmed,
      validUntil: user.membership_valid_until ?? '',
    },
  });
  const validUntil = watch('validUntil');

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({ userId: user.user_id, ...values });
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.user_update_failed'));
    }
  });

  const pending = formState.isSubmitting;
  return (
    <Dialog open onClose={onClose} title={t('admin.users.edit_title')} description={user.email} dismissible={!pending}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextField
          label={t('admin.users.full_name')}
          autoComplete="off"
          error={formState.errors.fullName?.message}
          {...register('fullName')}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <LazyPhoneField
              label={t('admin.users.phone')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField
          label={t('admin.users.level')}
          options={LEVEL_OPTIONS}
          error={formState.errors.level?.message}
          {...register('level')}
        />
        <div className="space-y-2">
          <TextField
            label={t('admin.users.valid_until')}
            type="date"
            min="2000-01-01"
            max="9999-12-31"
            hint={
              validUntil && isCalendarDate(validUntil)
                ? t('admin.users.valid_until_hint', { date: formatDate(validUntil, { timeZone: 'UTC' }) })
                : t('admin.users.valid_until_none')
            }
            error={formState.errors.validUntil?.message}
            {...register('validUntil')}
          />
          {validUntil ? (
            <Button
              variant="ghost"
              className="px-2 py-1"
              onClick={() => setValue('validUntil', '', { shouldDirty: true, shouldValidate: true })}
            >
              {t('admin.users.valid_until_clear')}
            </Button>
          ) : null}
        </div>
        <CheckboxField label={t('admin.users.email_confirmed')} {...register('emailConfirmed')} />
        <FormFooter error={error} pending={pending} submitWidth="w-40" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
