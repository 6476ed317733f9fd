import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { ledgerKeys } from '@/data/wallet/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

export type ReversePayoutInput = { runId: string; reason: string };

/**
 * RPC admin_reverse_payout: takes a whole run back (within 30 days, with a reason): each member is
 * debited what their balance covers, the rest becomes their debt; the entry can be paid out again.
 */
export async function reversePayout(client: AppSupabaseClient, input: ReversePayoutInput) {
  return unwrap(await client.rpc('admin_reverse_payout', { p_run_id: input.runId, p_reason: input.reason }));
}

export const reversePayoutMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.reverse(),
    mutationFn: async (input: ReversePayoutInput) => reversePayout(await getClient(), input),
  });

/** Runs, entries, every wallet read and the audit trail are read again. */
export function useReversePayout() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...reversePayoutMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]);
    },
  });
}
