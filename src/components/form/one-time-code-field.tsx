import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/**
 * The field for a 6-digit code from an authenticator app (sign-in step, 2FA set-up, step-up before
 * a withdrawal): numeric keyboard, one-time-code autofill, at most 6 characters. Spread
 * `register('code')` into it; validate with `oneTimeCode()` of lib/validation.
 */
export function OneTimeCodeField(
  props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>,
) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      spellCheck={false}
      {...props}
    />
  );
}
