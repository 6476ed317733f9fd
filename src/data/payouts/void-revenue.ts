import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { dashboardKeys } from '@/data/dashboard/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

export type VoidRevenueInput = { id: string; reason: string };

/** RPC admin_void_revenue: an entry not paid out stops counting (pools, payouts), with a reason (audited). */
export async function voidRevenue(client: AppSupabaseClient, input: VoidRevenueInput) {
  return unwrap(await client.rpc('admin_void_revenue', { p_revenue_id: input.id, p_reason: input.reason }));
}

export const voidRevenueMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.voidRevenue(),
    mutationFn: async (input: VoidRevenueInput) => voidRevenue(await getClient(), input),
  });

export function useVoidRevenue() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...voidRevenueMutationOptions(getClient),
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
