import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/** ecommerce_revenue insert {amount}: a correction is a new row (the latest counts). */
export async function addRevenue(client: AppSupabaseClient, amount: number) {
  return unwrap(await client.from('ecommerce_revenue').insert({ amount }).select('id, amount, created_at').single());
}

export const addRevenueMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: payoutKeys.addRevenue(),
    mutationFn: async (amount: number) => addRevenue(await getClient(), amount),
  });

export function useAddRevenue() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...addRevenueMutationOptions(getClient),
    // The revenue tab's history and the payout view's entries.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
