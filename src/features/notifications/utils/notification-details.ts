import { z } from 'zod';
import type { Json } from '@/types/database.types';

const numeric = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number());

/**
 * `notifications.data` is free-form JSON written by server functions: {amount, currency, percentage,
 * tier, packageTier}. Read at the edge with a lenient schema: a field of the wrong shape is ignored
 * rather than breaking the panel.
 */
const detailsSchema = z
  .object({
    amount: numeric.optional().catch(undefined),
    currency: z.enum(['PLN', 'USDT']).optional().catch(undefined),
    percentage: numeric.optional().catch(undefined),
    tier: z.string().trim().min(1).optional().catch(undefined),
    packageTier: z.string().trim().min(1).optional().catch(undefined),
  })
  .catch({});

export type NotificationDetails = {
  amount?: number;
  /** The spec's profit items are in PLN; wallet credits say USDT. */
  currency: 'PLN' | 'USDT';
  percentage?: number;
  tier?: string;
};

export function notificationDetails(data: Json): NotificationDetails {
  const parsed = detailsSchema.parse(data ?? {});
  return {
    amount: parsed.amount,
    currency: parsed.currency ?? 'PLN',
    percentage: parsed.percentage,
    tier: parsed.tier ?? parsed.packageTier,
  };
}
