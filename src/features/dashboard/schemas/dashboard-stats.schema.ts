import { z } from 'zod';

const count = z.number().int().nonnegative();
const amount = z.number();

/**
 * What get_dashboard_stats() returns (supabase/migrations/*_dashboard.sql, *_performance.sql): the
 * RPC is typed as untyped JSON, so it is checked here, at the edge of the feature. An answer of
 * another shape is an error, not a half-drawn panel.
 */
export const dashboardStatsSchema = z.object({
  apps: z.object({ count, current_value: amount, projected_value: amount, revenue: amount }),
  ideas: z.object({ total: count, pending: count, approved: count, rejected: count, mine: count }),
  members: z.object({
    confirmed: count,
    by_level: z.object({ FREE: count, START: count, PREMIUM: count, VIP: count }),
  }),
  revenue: z.object({
    latest_amount: amount.nullable(),
    latest_at: z.string().nullable(),
    pools: z.record(z.string(), amount),
  }),
  ccc: z.object({ active: count, by_tier: z.record(z.string(), count) }),
  me: z.object({ membership_level: z.enum(['FREE', 'START', 'PREMIUM', 'VIP']).nullable() }),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
