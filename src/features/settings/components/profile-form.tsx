import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { LazyPhoneField } from '@/components/form/lazy-phone-field';
import { loadPhoneModule } from '@/components/form/phone-field-chunk';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes-prompt';
import type { OwnProfile } from '@/data/profile/get-own-profile';
import { useUpdateProfile } from '@/data/profile/update-profile';
import { isMessageKey } from '@/i18n/messages';
import { t } from '@/i18n/settings';
import { useResolvedForm } from '@/lib/form';
import {
  createProfileSchema,
  type ProfileFormValues,
  type ProfileSchema,
  type ProfileValues,
} from '../schemas/profile.schema';
import { settingsErrorMessage } from '../utils/error-messages';

let schema: ProfileSchema | null = null;
const profileResolver: Resolver<ProfileFormValues, unknown, ProfileValues> = async (values, context, options) => {
  schema ??= createProfileSchema((await loadPhoneModule()).checkPhone);
  const resolve = zodResolver(schema) as unknown as Resolver<ProfileFormValues, unknown, ProfileValues>;
  return resolve(values, context, options);
};

/** The server's profile rules (update_user_profile raises them) and the fields they belong to. */
const FIELD_OF_KEY: Partial<Record<string, keyof ProfileFormValues>> = {
  'profile.full_name_required': 'fullName',
  'profile.full_name_length': 'fullName',
  'profile.full_name_reserved': 'fullName',
  'profile.display_name_required': 'displayName',
  'profile.display_name_length': 'displayName',
  'profile.phone_invalid': 'phone',
};

/**
 * The profile form (product.md#dashboard-2, §5): full name, display name and phone (the phone input);
 * the e-mail is shown read-only beside it. Saved through update_user_profile in one call.
 */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { register, control, handleSubmit, formState, setError, reset } = useResolvedForm(profileResolver, {
    defaultValues: {
      fullName: profile.full_name ?? '',
      displayName: profile.user_settings?.display_name ?? '',
      phone: profile.phone ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      await update.mutateAsync({ fullName: values.fullName, displayName: values.displayName, phone: values.phone });
      reset(values);
      setSaved(true);
    } catch (error) {
      const key = error instanceof Error && isMessageKey(error.message) ? error.message : null;
      const field = key ? FIELD_OF_KEY[key] : undefined;
      if (key && field) setError(field, { message: key }, { shouldFocus: true });
      else setFailure(settingsErrorMessage(error, 'settings.profile_update_failed'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <UnsavedChangesPrompt dirty={formState.isDirty && !formState.isSubmitting} />
      <TextField
        label={t('settings.field.full_name')}
        autoComplete="name"
        error={formState.errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label={t('settings.field.display_name')}
        autoComplete="nickname"
        error={formState.errors.displayName?.message}
        {...register('displayName')}
      />
      <Controller
        control={control}
        name="phone"
        render={({ field, fieldState }) => (
          <LazyPhoneField
            label={t('settings.field.phone')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {saved ? <FormAlert tone="success">{t('settings.profile.saved')}</FormAlert> : null}
      <SubmitButton
        pending={formState.isSubmitting}
        label={t('settings.profile.save')}
        pendingLabel={t('settings.profile.saving')}
      />
    </form>
  );
}
