import { z } from 'zod/mini';

/** product.md#account-5: a simple pattern — no spaces, an @ and a dot after it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = () =>
  z.string().check(z.trim(), z.regex(EMAIL_PATTERN, { error: 'validation.email.invalid' }));

/** Forgot-password and magic-link modes: the e-mail only. */
export const emailOnlySchema = z.object({ email: emailField() });
export type EmailOnlyValues = z.output<typeof emailOnlySchema>;
