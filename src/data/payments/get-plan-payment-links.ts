import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/**
 * The providers' pages per plan and method (plan_payment_links: members read, admins write). Read
 * with the grid, so 'Zapłać' opens the tab in the click itself. Links change rarely: fresh 5 min.
 */
export async function getPlanPaymentLinks(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('plan_payment_links').select('tier, method, url');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PlanPaymentLink = Awaited<ReturnType<typeof getPlanPaymentLinks>>[number];

export const planPaymentLinksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: paymentKeys.planLinks(),
    queryFn: async ({ signal }) => getPlanPaymentLinks(await getClient(), signal),
    staleTime: 5 * 60_000,
  });

export function usePlanPaymentLinks() {
  const { getClient } = useSupabase();
  return useQuery(planPaymentLinksQueryOptions(getClient));
}
