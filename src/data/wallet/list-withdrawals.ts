import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';
import { walletKeys } from './keys';

export const WITHDRAWALS_PAGE_SIZE = 20;
export type WithdrawalStatus = Enums<'withdrawal_status'>;

/**
 * RPC admin_list_withdrawals: a range (at most 100 rows) of one status, the pending queue oldest
 * first, processed ones newest first. The list reads one page; the CSV reads every range.
 */
export async function listWithdrawalsRange(
  client: AppSupabaseClient,
  status: WithdrawalStatus,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_withdrawals', { p_status: status, p_limit: limit, p_offset: offset });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

/** One page of the list (20 rows) with the total the database counted. */
export async function listWithdrawals(
  client: AppSupabaseClient,
  params: { status: WithdrawalStatus; page: number },
  signal?: AbortSignal,
) {
  const rows = await listWithdrawalsRange(
    client,
    params.status,
    params.page * WITHDRAWALS_PAGE_SIZE,
    WITHDRAWALS_PAGE_SIZE,
    signal,
  );
  // The database counts up to 1 001: the list pages through the first 1 000.
  return { rows, total: Math.min(Number(rows[0]?.total_count ?? 0), 1_000) };
}

export type AdminWithdrawal = Awaited<ReturnType<typeof listWithdrawals>>['rows'][number];

export const withdrawalsQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  params: { status: WithdrawalStatus; page: number },
) =>
  queryOptions({
    queryKey: walletKeys.adminWithdrawalList(params.status, params.page),
    queryFn: async ({ signal }) => listWithdrawals(await getClient(), params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminWithdrawals(params: { status: WithdrawalStatus; page: number }) {
  const { getClient } = useSupabase();
  return useQuery(withdrawalsQueryOptions(getClient, params));
}
