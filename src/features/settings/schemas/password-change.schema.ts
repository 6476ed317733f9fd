import { z } from 'zod/mini';
import { newPassword } from '@/lib/validation/password';

/**
 * Change password (product.md#dashboard-5): the current password required (and checked by Auth), the new
 * one with the sign-up rules (8+ characters; lower- and upper-case letter and a digit, as Auth's
 * lower_upper_letters_digits), the confirmation equal ('Hasła nie są identyczne').
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, { error: 'settings.password.current_required' })),
    newPassword: newPassword(),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.newPassword === values.confirmPassword, {
      error: 'validation.password.mismatch',
      path: ['confirmPassword'],
    }),
  );
export type PasswordChangeValues = z.output<typeof passwordChangeSchema>;
