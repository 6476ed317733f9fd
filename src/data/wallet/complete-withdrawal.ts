import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** RPC admin_complete_withdrawal: paid out on chain; the member's pending balance goes down, they are notified. */
export async function completeWithdrawal(client: AppSupabaseClient, input: { id: string; txHash: string }) {
  return unwrap(await client.rpc('admin_complete_withdrawal', { p_withdrawal_id: input.id, p_tx_hash: input.txHash }));
}

export const completeWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.completeWithdrawal(),
    mutationFn: async (input: { id: string; txHash: string }) => completeWithdrawal(await getClient(), input),
  });

/** Money is never optimistic: the lists are read again. */
export function useCompleteWithdrawal() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...completeWithdrawalMutationOptions(getClient),
    // The whole wallet root: the admin's queue and the member's withdrawals, balance and ledger.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
