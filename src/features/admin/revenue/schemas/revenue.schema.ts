import { z } from 'zod/mini';

/** The revenue in PLN: a number ≥ 0 with at most 2 decimals, within numeric(14, 2). */
export const revenueSchema = z.object({
  amount: z.string().check(
    z.trim(),
    z.refine((value) => /^\d{1,12}([.,]\d{1,2})?$/.test(value), { error: 'validation.revenue.amount' }),
  ),
});

export const toAmount = (value: string) => Number(value.trim().replace(',', '.'));
