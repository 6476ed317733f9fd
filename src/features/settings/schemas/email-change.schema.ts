import { z } from 'zod/mini';

/** The change-e-mail modal (product.md#dashboard-5): the new address required, lower-cased before sending. */
export const emailChangeSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: 'email.required' }),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'validation.email.invalid' }),
    ),
});
export type EmailChangeValues = z.output<typeof emailChangeSchema>;
