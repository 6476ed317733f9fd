import type { ComponentProps, ReactNode } from 'react';
import { TextField } from './text-field';
import { t } from '@/i18n/messages';

/**
 * The e-mail field every form shows (sign-in, registration, e-mail change, SMTP test): typed and
 * autocompleted alike; labelled 'Email' unless a form names it otherwise (e.g. 'Nowy adres email').
 */
export function EmailField({
  label,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'inputMode'> & { label?: ReactNode }) {
  return (
    <TextField label={label ?? t('auth.field.email')} type="email" autoComplete="email" inputMode="email" {...props} />
  );
}
