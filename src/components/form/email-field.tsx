import type { ComponentProps } from 'react';
import { TextField } from './text-field';
import { t } from '@/i18n/messages';

/** The e-mail field every form shows (sign-in, registration, e-mail change, SMTP test): labelled, typed and autocompleted alike. */
export function EmailField(
  props: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'inputMode'>,
) {
  return <TextField label={t('auth.field.email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}
