import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** RPC admin_fail_withdrawal: not paid out; the amount returns to the member's available balance. */
export async function failWithdrawal(client: AppSupabaseClient, input: { id: string; reason: string }) {
  return unwrap(await client.rpc('admin_fail_withdrawal', { p_withdrawal_id: input.id, p_reason: input.reason }));
}

export const failWithdrawalMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.failWithdrawal(),
    mutationFn: async (input: { id: string; reason: string }) => failWithdrawal(await getClient(), input),
  });

export function useFailWithdrawal() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...failWithdrawalMutationOptions(getClient),
    // The whole wallet root: the admin's queue and the member's withdrawals, balance and ledger.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
