import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { referralKeys } from './keys';

export const UNPAID_COMMISSIONS_PAGE_SIZE = 20;

/** RPC admin_list_unpaid_commissions: per referrer the commissions 'Do wypłaty', most owed first. */
export async function listUnpaidCommissionsRange(
  client: AppSupabaseClient,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_unpaid_commissions', { p_limit: limit, p_offset: offset });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

/** One page of referrers (20) with how many referrers are owed in all. */
export async function listUnpaidCommissions(client: AppSupabaseClient, page: number, signal?: AbortSignal) {
  const rows = await listUnpaidCommissionsRange(
    client,
    page * UNPAID_COMMISSIONS_PAGE_SIZE,
    UNPAID_COMMISSIONS_PAGE_SIZE,
    signal,
  );
  return { rows, total: Number(rows[0]?.total_count ?? 0) };
}

export type UnpaidCommissionsRow = Awaited<ReturnType<typeof listUnpaidCommissions>>['rows'][number];

export const unpaidCommissionsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, page: number) =>
  queryOptions({
    queryKey: referralKeys.unpaidCommissionsPage(page),
    queryFn: async ({ signal }) => listUnpaidCommissions(await getClient(), page, signal),
    placeholderData: keepPreviousData,
  });

export function useUnpaidCommissions(page: number) {
  const { getClient } = useSupabase();
  return useQuery(unpaidCommissionsQueryOptions(getClient, page));
}
