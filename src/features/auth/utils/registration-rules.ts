import type { MessageKey } from '@/i18n/messages';
import { EMAIL_PATTERN } from '../schemas/email.schema';

export type RegistrationInput = { email: string; password: string; name: string; phone: string };

/** Letters (Polish diacritics included: any Unicode letter), spaces and hyphens. */
const NAME_PATTERN = /^[\p{L}\s-]+$/u;
/** The spec's fallback for a phone number libphonenumber does not accept: optional +48 and 9 digits. */
const POLISH_PHONE_PATTERN = /^(\+48)?\d{9}$/;

/**
 * Registration, service level (product.md#account-5), checked before sign-up; the problems'
 * texts are shown joined with ', '. The password classes are ASCII, as GoTrue's
 * `lower_upper_letters_digits` rule (supabase/config.toml) counts them.
 */
export function registrationProblems(input: RegistrationInput, isValidPhone: (value: string) => boolean): MessageKey[] {
  const problems: MessageKey[] = [];
  const email = input.email.trim();
  if (!email) problems.push('validation.email.required');
  else if (!EMAIL_PATTERN.test(email)) problems.push('validation.email.invalid');

  if (!input.password) problems.push('validation.password.required');
  else {
    if (input.password.length < 8) problems.push('validation.password.min');
    if (!/[A-Z]/.test(input.password) || !/[a-z]/.test(input.password) || !/\d/.test(input.password)) {
      problems.push('validation.password.strength');
    }
  }

  const name = input.name.trim();
  if (!name) problems.push('validation.name.required');
  else {
    if (name.length < 2) problems.push('validation.name.min_service');
    if (!NAME_PATTERN.test(name)) problems.push('validation.name.letters');
  }

  const phone = input.phone.trim();
  if (!phone) problems.push('validation.phone.required');
  else if (!isValidPhone(phone) && !POLISH_PHONE_PATTERN.test(phone)) problems.push('validation.phone.invalid');

  return problems;
}
