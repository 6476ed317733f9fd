import { z } from 'zod/mini';
import { lazySchema } from '@/lib/validation/lazy-schema';

/**
 * What get_dashboard_stats() returns (supabase/migrations/*_dashboard.sql): the
 * RPC is typed as untyped JSON, so it is checked here, at the edge of the feature. An answer of
 * another shape is an error, not a half-drawn panel. (zod/mini, like the rest of the app.) Built on
 * the first answer, not with the shell's chunk (lib/validation/lazy-schema.ts).
 */
export const dashboardStatsSchema = lazySchema(() => {
  // Only zod's commoner building blocks (number, object, array, enum, custom): the entry chunk holds
  // the parts of zod's core that any chunk uses, so rarer ones (record, union, catch) would cost every
  // visitor of the landing page.
  const count = z.number().check(z.refine((value) => Number.isInteger(value) && value >= 0));
  const amount = z.number();
  const counts = z.custom<Record<string, number>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((entry) => Number.isInteger(entry) && (entry as number) >= 0),
  );
  return z.object({
    apps: z.object({ count, current_value: amount, projected_value: amount, revenue: amount }),
    ideas: z.object({ total: count, pending: count, approved: count, rejected: count, mine: count }),
    members: z.object({
      confirmed: count,
      by_level: z.object({ FREE: count, START: count, PREMIUM: count, VIP: count }),
    }),
    revenue: z.object({
      latest_amount: z.nullable(amount),
      latest_at: z.nullable(z.string()),
      pools: z.object({ START: amount, PREMIUM: amount, VIP: amount }),
    }),
    ccc: z.object({ active: count, by_tier: counts }),
    me: z.object({ membership_level: z.nullable(z.enum(['FREE', 'START', 'PREMIUM', 'VIP'])) }),
  });
});

export type DashboardStats = z.infer<ReturnType<typeof dashboardStatsSchema>>;
