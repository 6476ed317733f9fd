import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ledgerKeys } from '@/data/wallet/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/**
 * RPC cancel_withdrawal: the member's own pending withdrawal becomes cancelled and its amount
 * returns to available, unless an admin settled it first (wallet.withdrawal_not_pending).
 */
export async function cancelWithdrawal(client: AppSupabaseClient, withdrawalId: string) {
  return unwrap(await client.rpc('cancel_withdrawal', { p_withdrawal_id: withdrawalId }));
}

export const cancelWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.cancelWithdrawal(),
    mutationFn: async (withdrawalId: string) => cancelWithdrawal(await getClient(), withdrawalId),
  });

/** Settled either way (cancelled, or refused because an admin was first): balance, withdrawals and ledger are read again. */
export function useCancelWithdrawal() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...cancelWithdrawalMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals(userId) }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.ofUser(userId) }), // balance and ledger
        queryClient.invalidateQueries({ queryKey: walletKeys.adminWithdrawals() }), // the admin's queue
      ]);
    },
  });
}
