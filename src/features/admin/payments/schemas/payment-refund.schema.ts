import { z } from 'zod/mini';
import { REFUND_METHODS } from '@/data/payments/refund-payment';

/** admin_refund_payment's rules: a reason of 1–500 characters, one of the methods, a reference of 1–200. */
export const refundSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.refund.reason_required' }),
      z.maxLength(500, { error: 'validation.refund.reason_required' }),
    ),
  method: z.enum(REFUND_METHODS, { error: 'payments.invalid_refund_method' }),
  reference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'payments.refund_reference_required' }),
      z.maxLength(200, { error: 'payments.refund_reference_required' }),
    ),
});

/** Expiry 1–60 days, daily limit 1–100 orders (whole numbers), as admin_update_payment_settings checks. */
const wholeBetween = (min: number, max: number, error: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { error }),
  );

export const paymentSettingsSchema = z.object({
  expiryDays: wholeBetween(1, 60, 'payments.invalid_expiry_days'),
  dailyLimit: wholeBetween(1, 100, 'payments.invalid_daily_limit'),
});
