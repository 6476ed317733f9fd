import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/**
 * RPC admin_release_withdrawal: the claimant gives a claimed withdrawal back to the queue with a
 * reason (nothing was sent); refused once a transaction hash was recorded
 * (wallet.withdrawal_tx_recorded).
 */
export async function releaseWithdrawal(client: AppSupabaseClient, input: { id: string; reason: string }) {
  return unwrap(await client.rpc('admin_release_withdrawal', { p_withdrawal_id: input.id, p_reason: input.reason }));
}

export const releaseWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.releaseWithdrawal(),
    mutationFn: async (input: { id: string; reason: string }) => releaseWithdrawal(await getClient(), input),
  });

export function useReleaseWithdrawal() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...releaseWithdrawalMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
