import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

const RUN_COLUMNS =
  'id, revenue_id, revenue_amount, revenue_date, rate_pln_usdt, previous_rate, rate_confirmed, members_count, total_pln, total_usdt, remainder_pln, created_by_email, created_at, reversed_at, reversal_reason, reversed_debited_usdt, reversed_debt_usdt';

/** A range of the payout runs, newest first (admins only, RLS). */
export async function listPayoutRuns(client: AppSupabaseClient, offset: number, limit: number, signal?: AbortSignal) {
  let request = client
    .from('payout_runs')
    .select(RUN_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PayoutRun = Awaited<ReturnType<typeof listPayoutRuns>>[number];

export const payoutRunsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: payoutKeys.runs(),
    queryFn: async ({ signal }) => listPayoutRuns(await getClient(), 0, 20, signal),
  });

export function usePayoutRuns() {
  const { getClient } = useSupabase();
  return useQuery(payoutRunsQueryOptions(getClient));
}
