import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { ledgerKeys } from '@/data/wallet/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/**
 * RPC admin_run_payout: credits every member of each tier through the ledger and notifies them, in
 * one transaction; an entry already paid out is refused (payouts.already_paid).
 */
export async function runPayout(client: AppSupabaseClient, input: { revenueId: string; rate: number }) {
  return unwrap(await client.rpc('admin_run_payout', { p_revenue_id: input.revenueId, p_rate: input.rate }));
}

export const runPayoutMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.run(),
    mutationFn: async (input: { revenueId: string; rate: number }) => runPayout(await getClient(), input),
  });

/** Runs, entries, every wallet read and the audit trail are read again. */
export function useRunPayout() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...runPayoutMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]);
    },
  });
}
