import { z } from 'zod/mini';
import type { MessageKey } from '@/i18n/messages';

/**
 * A new password as Auth checks it (supabase/config.toml: minimum_password_length = 8,
 * password_requirements = "lower_upper_letters_digits"): every field that sets a password checks
 * these rules, and shows them beside the field while the member types.
 */
export const PASSWORD_RULES: readonly { key: MessageKey; test: (value: string) => boolean }[] = [
  { key: 'password.rule.length', test: (value) => value.length >= 8 },
  { key: 'password.rule.upper', test: (value) => /[A-Z]/.test(value) },
  { key: 'password.rule.lower', test: (value) => /[a-z]/.test(value) },
  { key: 'password.rule.digit', test: (value) => /[0-9]/.test(value) },
];

/** The zod field for a new password: 'Hasło musi mieć co najmniej 8 znaków', then the strength text. */
export const newPassword = () =>
  z
    .string()
    .check(
      z.minLength(8, { error: 'validation.password.min' }),
      z.regex(/[a-z]/, { error: 'validation.password.strength' }),
      z.regex(/[A-Z]/, { error: 'validation.password.strength' }),
      z.regex(/[0-9]/, { error: 'validation.password.strength' }),
    );
