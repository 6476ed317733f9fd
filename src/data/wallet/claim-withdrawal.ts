import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/**
 * RPC admin_claim_withdrawal: the admin takes a pending withdrawal to send it (pending → processing,
 * who and when). From then on the member cannot cancel it and only this admin completes, fails or
 * releases it; another admin's claim is refused (wallet.withdrawal_claimed_by_other), and so is a
 * new address still waiting (wallet.withdrawal_on_hold).
 */
export async function claimWithdrawal(client: AppSupabaseClient, withdrawalId: string) {
  return unwrap(await client.rpc('admin_claim_withdrawal', { p_withdrawal_id: withdrawalId }));
}

export const claimWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.claimWithdrawal(),
    mutationFn: async (withdrawalId: string) => claimWithdrawal(await getClient(), withdrawalId),
  });

export function useClaimWithdrawal() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...claimWithdrawalMutationOptions(getClient),
    // The whole wallet root: the admin's lists and the member's withdrawals ('W realizacji').
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
