import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/data/payments/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

export type PaymentMethod = Enums<'payment_method'>;
export type LinkChange =
  | { table: 'plan_payment_links'; tier: Enums<'membership_level'>; method: PaymentMethod; url: string }
  | { table: 'ccc_payment_links'; tier: Enums<'ccc_tier'>; method: PaymentMethod; url: string };

/**
 * Saves changed links: the URL of an existing (tier, method) row, or a new row when none exists yet
 * (a hosted project starts without the seed's examples). One request per changed link.
 */
export async function savePaymentLinks(client: AppSupabaseClient, changes: readonly LinkChange[]) {
  for (const change of changes) {
    const updated = unwrap(
      await client
        .from(change.table)
        .update({ url: change.url })
        .eq('tier', change.tier)
        .eq('method', change.method)
        .select('tier'),
    );
    if (updated.length === 0) {
      unwrap(await client.from(change.table).insert({ tier: change.tier, method: change.method, url: change.url }));
    }
  }
}

export const savePaymentLinksMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: paymentKeys.saveLinks(),
    mutationFn: async (changes: readonly LinkChange[]) => savePaymentLinks(await getClient(), changes),
  });

export function useSavePaymentLinks() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...savePaymentLinksMutationOptions(getClient),
    // The members' dialogs read the same tables under the same domain's keys: they refresh too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.adminLinks() }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.planLinks() }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.cccLinks() }),
      ]),
  });
}
