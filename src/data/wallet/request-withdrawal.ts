import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ledgerKeys } from '@/data/wallet/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Withdrawal } from './get-withdrawals';
import { walletKeys } from './keys';
import type { UsdtNetwork } from './networks';

export type WithdrawalRequest = { amount: number; network: UsdtNetwork; address: string };

/**
 * RPC request_withdrawal: the server checks amount, network, address, the balance and (with 2FA on)
 * the aal2 session, and moves the amount from available to pending in one transaction. Replaces the
 * spec's direct insert; nothing about the balance is computed here.
 */
export async function requestWithdrawal(client: AppSupabaseClient, request: WithdrawalRequest) {
  return unwrap(
    await client.rpc('request_withdrawal', {
      p_amount: request.amount,
      p_network: request.network,
      p_address: request.address,
    }),
  );
}

export const requestWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.requestWithdrawal(),
    mutationFn: async (request: WithdrawalRequest) => requestWithdrawal(await getClient(), request),
  });

/** On success the new row goes on top of the history at once, then balances and history are read again. */
export function useRequestWithdrawal() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...requestWithdrawalMutationOptions(getClient),
    onSuccess: async (row) => {
      const created: Withdrawal = {
        id: row.id,
        amount: row.amount,
        network: row.network,
        address: row.address,
        status: row.status,
        tx_hash: row.tx_hash,
        created_at: row.created_at,
        claimed_at: row.claimed_at,
        hold_until: row.hold_until,
        chain_transfers: [],
      };
      queryClient.setQueryData<Withdrawal[]>(walletKeys.withdrawals(userId), (list) =>
        list ? [created, ...list.filter((item) => item.id !== created.id)] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals(userId) }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.ofUser(userId) }), // balance and ledger
        queryClient.invalidateQueries({ queryKey: walletKeys.adminWithdrawals() }), // the admin's queue
      ]);
    },
  });
}
