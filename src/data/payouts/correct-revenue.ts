import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { dashboardKeys } from '@/data/dashboard/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

export type CorrectRevenueInput = { id: string; amount: number; reason: string };

/** RPC admin_correct_revenue: a new amount for an entry not paid out, with a reason (audited). */
export async function correctRevenue(client: AppSupabaseClient, input: CorrectRevenueInput) {
  return unwrap(
    await client.rpc('admin_correct_revenue', {
      p_revenue_id: input.id,
      p_amount: input.amount,
      p_reason: input.reason,
    }),
  );
}

export const correctRevenueMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.correctRevenue(),
    mutationFn: async (input: CorrectRevenueInput) => correctRevenue(await getClient(), input),
  });

export function useCorrectRevenue() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...correctRevenueMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
        // The main panel's profit pools read the latest entry that counts.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
