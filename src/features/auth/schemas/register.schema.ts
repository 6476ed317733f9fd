import { z } from 'zod/mini';
import type { MessageKey } from '@/i18n/messages';
import { isReservedDisplayName } from '@/lib/validation/full-name';
import { newPassword } from '@/lib/validation/password';
import { emailField } from './email.schema';

/**
 * The phone rules need libphonenumber, which lives in the phone-input chunk: the form passes its
 * check in once that chunk is loaded (src/components/form/phone-field.tsx).
 */
export type PhoneCheck = (value: string) => MessageKey | null;

/**
 * Registration, form level (product.md#account-5): name ≥ 3 (and ≤ 100, as the database checks),
 * e-mail pattern, phone required / format / parseable / valid, password ≥ 8 with Auth's upper case,
 * lower case and digit, confirmation equal, captcha solved (when shown; outside
 * production the development token fills it). The referral code is optional and uppercased.
 */
export function createRegisterSchema(checkPhone: PhoneCheck) {
  return z
    .object({
      name: z.string().check(
        z.trim(),
        z.minLength(3, { error: 'validation.name.min' }),
        z.maxLength(100, { error: 'validation.name.max' }),
        z.refine((value) => !isReservedDisplayName(value), { error: 'validation.name.reserved' }),
      ),
      email: emailField(),
      phone: z.string().check(
        z.superRefine((value, ctx) => {
          const problem = checkPhone(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        }),
      ),
      referralCode: z.string().check(z.trim(), z.toUpperCase()),
      password: newPassword(),
      confirmPassword: z.string(),
      captchaToken: z.string().check(z.minLength(1, { error: 'validation.captcha.required' })),
    })
    .check(
      z.refine((values) => values.password === values.confirmPassword, {
        error: 'validation.password.mismatch',
        path: ['confirmPassword'],
      }),
    );
}

export type RegisterSchema = ReturnType<typeof createRegisterSchema>;
export type RegisterFormValues = z.input<RegisterSchema>;
export type RegisterValues = z.output<RegisterSchema>;
