import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/** Both link tables, read in parallel: plans (tier × method) and CCC packages (tier × method). */
export async function listPaymentLinks(client: AppSupabaseClient, signal?: AbortSignal) {
  let plans = client.from('plan_payment_links').select('tier, method, url, updated_at');
  let ccc = client.from('ccc_payment_links').select('tier, method, url, updated_at');
  if (signal) {
    plans = plans.abortSignal(signal);
    ccc = ccc.abortSignal(signal);
  }
  const [planRows, cccRows] = await Promise.all([plans, ccc]);
  return { plans: unwrap(planRows), ccc: unwrap(cccRows) };
}

export type PaymentLinks = Awaited<ReturnType<typeof listPaymentLinks>>;

export const paymentLinksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: paymentKeys.adminLinks(),
    queryFn: async ({ signal }) => listPaymentLinks(await getClient(), signal),
  });

export function usePaymentLinks() {
  const { getClient } = useSupabase();
  return useQuery(paymentLinksQueryOptions(getClient));
}
