import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { ledgerKeys } from '@/data/wallet/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/**
 * What the admin confirmed: the entry, the rate, the preview's member count and totals (the run is
 * refused with payouts.preview_stale when its own differ), and, for a rate more than 20 % away from
 * the previous run's, that previous rate repeated (else payouts.rate_confirmation_required).
 */
export type RunPayoutInput = {
  revenueId: string;
  rate: string;
  expectedMembers: number;
  expectedTotalPln: number;
  expectedTotalUsdt: number;
  confirmedPreviousRate: number | null;
};

/**
 * RPC admin_run_payout: credits every member of each tier through the ledger and notifies them, in
 * one transaction; an entry already paid out is refused (payouts.already_paid).
 */
export async function runPayout(client: AppSupabaseClient, input: RunPayoutInput) {
  return unwrap(
    await client.rpc('admin_run_payout', {
      p_revenue_id: input.revenueId,
      p_rate: Number(input.rate),
      p_expected_members: input.expectedMembers,
      p_expected_total_pln: input.expectedTotalPln,
      p_expected_total_usdt: input.expectedTotalUsdt,
      ...(input.confirmedPreviousRate === null ? {} : { p_confirmed_previous_rate: input.confirmedPreviousRate }),
    }),
  );
}

export const runPayoutMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.run(),
    mutationFn: async (input: RunPayoutInput) => runPayout(await getClient(), input),
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
