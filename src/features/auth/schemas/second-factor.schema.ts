import { z } from 'zod/mini';

/** The 6-digit TOTP code. */
export const secondFactorSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'validation.mfa.code' })),
});
export type SecondFactorValues = z.output<typeof secondFactorSchema>;
