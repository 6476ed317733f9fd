import { z } from 'zod/mini';
import { newPassword } from '@/lib/validation/password';

/**
 * Reset password (product.md#account-5): at least 8 characters; both fields equal. Auth also
 * requires upper case, lower case and a digit, so the form checks them too (lib/validation/password).
 */
export const resetPasswordSchema = z
  .object({
    password: newPassword(),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: 'validation.password.mismatch',
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
