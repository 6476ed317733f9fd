import { z } from 'zod/mini';

/**
 * The server's rules: the amount received is optional, else positive with at most 2 decimals (a
 * comma is accepted); a USDT transaction hash optional, else 0x + 64 hex; a reason 1–500 characters.
 */
export const confirmSchema = z.object({
  amountReceived: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || /^\d{1,10}([.,]\d{1,2})?$/.test(value), {
      error: 'payments.invalid_amount',
    }),
    z.refine((value) => value === '' || Number(value.replace(',', '.')) > 0, { error: 'payments.invalid_amount' }),
  ),
  txHash: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || /^0x[0-9a-fA-F]{64}$/.test(value), { error: 'payments.invalid_tx_hash' }),
  ),
});

export const rejectSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'payments.reason_required' }),
      z.maxLength(500, { error: 'payments.reason_required' }),
    ),
});
