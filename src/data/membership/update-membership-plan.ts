import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { MembershipLevel } from '@/types/db';
import { membershipPlanKeys } from './keys';

export type PlanUpdate = {
  tier: MembershipLevel;
  yearlyPricePln: number;
  priceUsdt: number;
  priceAcc: number;
  /** Fractions (0.05 = 5 %). */
  profitShare: number;
  ideaOwnership: number;
  description: string;
  benefits: string[];
};

/** RPC admin_update_membership_plan: the whole row of one plan (validated and audited in the database). */
export async function updateMembershipPlan(client: AppSupabaseClient, input: PlanUpdate) {
  return unwrap(
    await client.rpc('admin_update_membership_plan', {
      p_tier: input.tier,
      p_yearly_price_pln: input.yearlyPricePln,
      p_price_usdt: input.priceUsdt,
      p_price_acc: input.priceAcc,
      p_profit_share: input.profitShare,
      p_idea_ownership: input.ideaOwnership,
      p_description: input.description,
      p_benefits: input.benefits,
    }),
  );
}

export const updateMembershipPlanMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: membershipPlanKeys.update(),
    mutationFn: async (input: PlanUpdate) => updateMembershipPlan(await getClient(), input),
  });

export function useUpdateMembershipPlan() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateMembershipPlanMutationOptions(getClient),
    // One key for the plans grid, the profit pools and this tab: members see the new plan at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipPlanKeys.all }),
  });
}
