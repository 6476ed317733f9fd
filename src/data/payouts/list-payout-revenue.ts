import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/** How many of the newest revenue entries the payout view offers. */
export const PAYOUT_REVENUE_LIMIT = 50;

/**
 * The newest revenue entries that still count (not voided), each with whether a run that was not
 * reversed paid it out (an entry is paid out once; a reversed run frees it).
 */
export async function listPayoutRevenue(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('ecommerce_revenue')
    .select('id, amount, created_at, payout_runs (id, reversed_at)')
    .is('voided_at', null)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(PAYOUT_REVENUE_LIMIT);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => ({
    id: row.id,
    amount: row.amount,
    created_at: row.created_at,
    paid: row.payout_runs.some((run) => run.reversed_at === null),
  }));
}

export type PayoutRevenue = Awaited<ReturnType<typeof listPayoutRevenue>>[number];

export const payoutRevenueQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: payoutKeys.payoutRevenue(),
    queryFn: async ({ signal }) => listPayoutRevenue(await getClient(), signal),
  });

export function usePayoutRevenue() {
  const { getClient } = useSupabase();
  return useQuery(payoutRevenueQueryOptions(getClient));
}
