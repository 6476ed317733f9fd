import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { dashboardStatsSchema, type DashboardStats } from './dashboard-stats.schema';
import { dashboardKeys } from './keys';

/** product.md#dashboard-7, §9: "refetched every 30 s, stale after 10 s". */
export const DASHBOARD_STATS_REFETCH_MS = 30_000;
export const DASHBOARD_STATS_STALE_MS = 10_000;

/**
 * RPC get_dashboard_stats: the spec's six reads (apps, ideas, confirmed members, latest revenue,
 * levels, active CCC packages) as aggregates in one call. Fails without a signed-in user (42501).
 */
export async function getDashboardStats(client: AppSupabaseClient, signal?: AbortSignal): Promise<DashboardStats> {
  let request = client.rpc('get_dashboard_stats');
  if (signal) request = request.abortSignal(signal);
  const parsed = dashboardStatsSchema().safeParse(unwrap(await request));
  if (!parsed.success) {
    throw new AppError('dashboard.stats.invalid_answer', { cause: parsed.error });
  }
  return parsed.data;
}

export const dashboardStatsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: async ({ signal }) => getDashboardStats(await getClient(), signal),
    staleTime: DASHBOARD_STATS_STALE_MS,
    refetchInterval: DASHBOARD_STATS_REFETCH_MS,
  });

export function useDashboardStats() {
  const { getClient } = useSupabase();
  return useQuery(dashboardStatsQueryOptions(getClient));
}
