import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

export type PaymentSettingsInput = { expiryDays: number; dailyLimit: number };

/** RPC admin_update_payment_settings (aal2, audited): expiry 1–60 days, daily limit 1–100 orders. */
export async function updatePaymentSettings(client: AppSupabaseClient, input: PaymentSettingsInput) {
  return unwrap(
    await client
      .rpc('admin_update_payment_settings', {
        p_order_expiry_days: input.expiryDays,
        p_daily_order_limit: input.dailyLimit,
      })
      .single(),
  );
}

export const updatePaymentSettingsMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: paymentKeys.saveSettings(),
    mutationFn: async (input: PaymentSettingsInput) => updatePaymentSettings(await getClient(), input),
  });

export function useUpdatePaymentSettings() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePaymentSettingsMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.settings() }),
  });
}
