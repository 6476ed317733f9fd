import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

export type CccTierUpdate = {
  tier: Enums<'ccc_tier'>;
  cccAmount: number;
  priceUsd: number;
  /** A fraction (0.05 = 5 %). */
  profitShare: number;
  durationMonths: number;
  totalSlots: number;
};

/** RPC admin_update_ccc_tier: one tier (never below the slots in use; validated and audited in the database). */
export async function updateCccTier(client: AppSupabaseClient, input: CccTierUpdate) {
  return unwrap(
    await client.rpc('admin_update_ccc_tier', {
      p_tier: input.tier,
      p_ccc_amount: input.cccAmount,
      p_price_usd: input.priceUsd,
      p_profit_share: input.profitShare,
      p_duration_months: input.durationMonths,
      p_total_slots: input.totalSlots,
    }),
  );
}

export const updateCccTierMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: cccKeys.updateTier(),
    mutationFn: async (input: CccTierUpdate) => updateCccTier(await getClient(), input),
  });

export function useUpdateCccTier() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateCccTierMutationOptions(getClient),
    // The members' CCC page and the assignment dialog read the tiers under the same root.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cccKeys.all }),
  });
}
