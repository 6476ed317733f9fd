import { z } from 'zod/mini';

/** The server's rule: a reason of 1–500 characters. */
export const reverseRunSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'payouts.invalid_reason' }),
      z.maxLength(500, { error: 'payouts.invalid_reason' }),
    ),
});
