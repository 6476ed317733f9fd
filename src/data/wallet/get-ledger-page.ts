import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { ledgerKeys } from './keys';

/** Entries per page of 'Historia operacji'. */
export const LEDGER_PAGE_SIZE = 20;

const LEDGER_COLUMNS =
  'id, kind, available_delta, pending_delta, available_after, pending_after, note, created_at, withdrawal:withdrawals (network, tx_hash, status)';

/**
 * One page of a wallet's ledger, newest first, with the balances after each entry and the
 * withdrawal it belongs to (for the transaction link). The member reads their own rows, an admin
 * anyone's (RLS); `count` is the number of entries in all.
 */
export async function getLedgerRange(
  client: AppSupabaseClient,
  userId: string,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client
    .from('wallet_transactions')
    .select(LEDGER_COLUMNS, { count: 'exact' })
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
  if (signal) request = request.abortSignal(signal);
  const response = await request;
  const rows = unwrap(response);
  return { rows, count: response.count ?? rows.length };
}

export type LedgerEntry = Awaited<ReturnType<typeof getLedgerRange>>['rows'][number];

export const ledgerPageQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string, page: number) =>
  queryOptions({
    queryKey: ledgerKeys.page(userId, page),
    queryFn: async ({ signal }) =>
      getLedgerRange(await getClient(), userId, page * LEDGER_PAGE_SIZE, LEDGER_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

export function useLedgerPage(userId: string, page: number) {
  const { getClient } = useSupabase();
  return useQuery({ ...ledgerPageQueryOptions(getClient, userId, page), enabled: userId !== '' });
}
