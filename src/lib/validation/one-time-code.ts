import { z } from 'zod/mini';

/** A 6-digit TOTP code (product.md#dashboard-5: "six-digit, 30-second codes"), spaces around it ignored. */
export const oneTimeCode = () => z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'validation.mfa.code' }));
