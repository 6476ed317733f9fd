import { z } from 'zod/mini';
import { oneTimeCode } from '@/lib/validation/one-time-code';

/** The 6-digit TOTP code. */
export const secondFactorSchema = z.object({ code: oneTimeCode() });
export type SecondFactorValues = z.output<typeof secondFactorSchema>;
