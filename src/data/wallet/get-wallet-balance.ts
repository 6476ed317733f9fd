import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { ledgerKeys } from './keys';

/**
 * product.md#dashboard-7 Wallet: "select wallet_balances by user_id, single row". The server keeps the
 * sums. In the same request the open debts (a reversal the balance did not cover): `debt` is what is
 * still owed, 0 when nothing is.
 */
export async function getWalletBalance(client: AppSupabaseClient, userId: string, signal?: AbortSignal) {
  let request = client
    .from('wallet_balances')
    .select('available_balance, pending_balance, total_balance, wallet_debts (amount, repaid)')
    .eq('user_id', userId)
    .is('wallet_debts.settled_at', null);
  if (signal) request = request.abortSignal(signal);
  const { wallet_debts: debts, ...balance } = unwrap(await request.single());
  const owedCents = debts.reduce(
    (sum, d) => sum + Math.round(Number(d.amount) * 100) - Math.round(Number(d.repaid) * 100),
    0,
  );
  return { ...balance, debt: owedCents / 100 };
}

export type WalletBalance = Awaited<ReturnType<typeof getWalletBalance>>;

export const walletBalanceQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: ledgerKeys.balance(userId),
    queryFn: async ({ signal }) => getWalletBalance(await getClient(), userId, signal),
  });

/** The signed-in member's balance, or (admin 'Portfel') the given member's. */
export function useWalletBalance(ofUserId?: string) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = ofUserId ?? user?.id ?? '';
  return useQuery({ ...walletBalanceQueryOptions(getClient, userId), enabled: userId !== '' });
}
