import { z } from 'zod/mini';

const reason = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'payouts.invalid_reason' }),
    z.maxLength(500, { error: 'payouts.invalid_reason' }),
  );

/** A correction: the new amount (as a new entry's: ≥ 0, at most 2 decimals, numeric(14, 2)) and why. */
export const correctRevenueSchema = z.object({
  amount: z.string().check(
    z.trim(),
    z.refine((value) => /^\d{1,12}([.,]\d{1,2})?$/.test(value), { error: 'validation.revenue.amount' }),
  ),
  reason,
});

/** Voiding: why (the audit trail keeps it). */
export const voidRevenueSchema = z.object({ reason });
