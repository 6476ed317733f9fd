import { z } from 'zod/mini';
import type { Json } from '@/types/database.types';

const name = z.string().check(z.trim(), z.minLength(1));

/**
 * `notifications.data` is free-form JSON written by server functions: {amount, currency, percentage,
 * tier, packageTier}. Each field is read with its own schema at the edge, leniently: a field of the
 * wrong shape is ignored rather than breaking the panel.
 */
const fields = {
  amount: z.number(),
  currency: z.enum(['PLN', 'USDT']),
  percentage: z.number(),
  tier: name,
  packageTier: name,
};

function read<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

export type NotificationDetails = {
  amount?: number;
  /** The spec's profit items are in PLN; wallet credits say USDT. */
  currency: 'PLN' | 'USDT';
  percentage?: number;
  tier?: string;
};

export function notificationDetails(data: Json): NotificationDetails {
  const object: Record<string, unknown> = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
  return {
    amount: read(fields.amount, object.amount),
    currency: read(fields.currency, object.currency) ?? 'PLN',
    percentage: read(fields.percentage, object.percentage),
    tier: read(fields.tier, object.tier) ?? read(fields.packageTier, object.packageTier),
  };
}
