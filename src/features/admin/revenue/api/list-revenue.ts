import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from '../../shared/api/keys';

export const REVENUE_HISTORY = 10;

/** ecommerce_revenue, newest first: the first row is what the main panel's profit pools use. */
export async function listRevenue(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('ecommerce_revenue')
    .select('id, amount, created_at')
    .order('created_at', { ascending: false })
    .limit(REVENUE_HISTORY);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type RevenueEntry = Awaited<ReturnType<typeof listRevenue>>[number];

export const revenueQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: adminKeys.revenue(),
    queryFn: async ({ signal }) => listRevenue(await getClient(), signal),
  });

export function useRevenue() {
  const { getClient } = useSupabase();
  return useQuery(revenueQueryOptions(getClient));
}
