import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/**
 * The providers' pages per tier and method (ccc_payment_links: members read, admins write). Read
 * with the page, so 'Kup teraz' opens the tab in the click itself.
 */
export async function getCccPaymentLinks(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('ccc_payment_links').select('tier, method, url');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type CccPaymentLink = Awaited<ReturnType<typeof getCccPaymentLinks>>[number];

export const cccPaymentLinksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: paymentKeys.cccLinks(),
    queryFn: async ({ signal }) => getCccPaymentLinks(await getClient(), signal),
    staleTime: 5 * 60_000,
  });

export function useCccPaymentLinks() {
  const { getClient } = useSupabase();
  return useQuery(cccPaymentLinksQueryOptions(getClient));
}
