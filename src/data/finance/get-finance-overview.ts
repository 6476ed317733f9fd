import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { financeOverviewSchema, type FinanceOverview } from './finance-overview.schema';
import { financeKeys } from './keys';

/** How many months the monthly tables show (the current one included). */
export const FINANCE_MONTHS = 24;

/**
 * RPC admin_finance_overview: the liabilities now, the money in by month, method and currency and
 * the payouts by month, in one round trip (issue 35 §4).
 */
export async function getFinanceOverview(
  client: AppSupabaseClient,
  months: number,
  signal?: AbortSignal,
): Promise<FinanceOverview> {
  let request = client.rpc('admin_finance_overview', { p_months: months });
  if (signal) request = request.abortSignal(signal);
  const parsed = financeOverviewSchema().safeParse(unwrap(await request));
  if (!parsed.success) throw new AppError('http.unexpected', { cause: parsed.error });
  return parsed.data;
}

export const financeOverviewQueryOptions = (getClient: () => Promise<AppSupabaseClient>, months = FINANCE_MONTHS) =>
  queryOptions({
    queryKey: financeKeys.overview(months),
    queryFn: async ({ signal }) => getFinanceOverview(await getClient(), months, signal),
    staleTime: 15_000,
  });

export function useFinanceOverview(months = FINANCE_MONTHS) {
  const { getClient } = useSupabase();
  return useQuery(financeOverviewQueryOptions(getClient, months));
}
