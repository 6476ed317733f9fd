import { z } from 'zod/mini';

/** Reset password (account-and-access.md §5): at least 8 characters; both fields equal. */
export const resetPasswordSchema = z
  .object({
    password: z.string().check(z.minLength(8, { error: 'validation.password.min' })),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: 'validation.password.mismatch',
      path: ['confirmPassword'],
    }),
  );
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;
