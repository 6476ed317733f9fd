import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** How many of the newest withdrawals the history shows (the spec sets no limit). */
export const WITHDRAWAL_HISTORY_LIMIT = 100;

/**
 * product.md#dashboard-7 Wallet: "select withdrawals by user_id newest first", with the verified
 * payout's block and block time (public.chain_transfers, issue 37 §3; RLS: the member's own).
 */
export async function getWithdrawals(client: AppSupabaseClient, userId: string, signal?: AbortSignal) {
  let request = client
    .from('withdrawals')
    .select(
      'id, amount, network, address, status, tx_hash, created_at, claimed_at, hold_until, chain_transfers(block_number, block_time)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(WITHDRAWAL_HISTORY_LIMIT);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type Withdrawal = Awaited<ReturnType<typeof getWithdrawals>>[number];

export const withdrawalsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: walletKeys.withdrawals(userId),
    queryFn: async ({ signal }) => getWithdrawals(await getClient(), userId, signal),
  });

export function useWithdrawals() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...withdrawalsQueryOptions(getClient, userId), enabled: userId !== '' });
}
