import { z } from 'zod/mini';
import type { MessageKey } from '@/i18n/messages';
import { fullName } from '@/lib/validation/full-name';

/** The phone rules live in the phone-input chunk (src/components/form/phone-field.tsx). */
export type PhoneCheck = (value: string) => MessageKey | null;

/**
 * The profile form (product.md#dashboard-5): full name and display name required (with the lengths the
 * server enforces: 2–100 and 1–50), phone through the phone input, optional. The e-mail is not
 * part of it (read-only; changed through its own modal).
 */
export function createProfileSchema(checkPhone: PhoneCheck) {
  return z.object({
    fullName: fullName(),
    displayName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'profile.display_name_required' }),
        z.maxLength(50, { error: 'profile.display_name_length' }),
      ),
    phone: z.string().check(
      z.superRefine((value, ctx) => {
        if (!value) return;
        const problem = checkPhone(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
      }),
    ),
  });
}

export type ProfileSchema = ReturnType<typeof createProfileSchema>;
export type ProfileFormValues = z.input<ProfileSchema>;
export type ProfileValues = z.output<ProfileSchema>;
