import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/** Items a page of the run's list shows. */
export const RUN_ITEMS_PAGE = 50;

/** RPC admin_list_payout_run_items: a range of one run's items (member, tier, PLN, USDT, the reversal). */
export async function listPayoutRunItems(
  client: AppSupabaseClient,
  runId: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_payout_run_items', { p_run_id: runId, p_limit: limit, p_offset: offset });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PayoutRunItem = Awaited<ReturnType<typeof listPayoutRunItems>>[number];

export const payoutRunItemsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, runId: string, page: number) =>
  queryOptions({
    queryKey: payoutKeys.runItems(runId, page),
    queryFn: async ({ signal }) =>
      listPayoutRunItems(await getClient(), runId, page * RUN_ITEMS_PAGE, RUN_ITEMS_PAGE, signal),
    placeholderData: keepPreviousData,
  });

export function usePayoutRunItems(runId: string, page: number) {
  const { getClient } = useSupabase();
  return useQuery(payoutRunItemsQueryOptions(getClient, runId, page));
}
