import { z } from 'zod/mini';
import { emailField } from './email.schema';

/** Login (product.md#account-5): e-mail format; password required in password mode. */
export const loginSchema = z.object({
  email: emailField(),
  password: z.string().check(z.minLength(1, { error: 'validation.password.required' })),
});
export type LoginValues = z.output<typeof loginSchema>;
