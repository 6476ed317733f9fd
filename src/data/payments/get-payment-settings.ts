import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/** The one row of order settings: days until a pending order expires, orders a member may create a day. */
export async function getPaymentSettings(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('payment_settings').select('order_expiry_days, daily_order_limit, updated_at');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single());
}

export type PaymentSettings = Awaited<ReturnType<typeof getPaymentSettings>>;

export const paymentSettingsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: paymentKeys.settings(),
    queryFn: async ({ signal }) => getPaymentSettings(await getClient(), signal),
  });

export function usePaymentSettings() {
  const { getClient } = useSupabase();
  return useQuery(paymentSettingsQueryOptions(getClient));
}
