import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { referralKeys } from './keys';

/** The main panel shows the ten best partners. */
export const TOP_PARTNERS_LIMIT = 10;

/** RPC get_referral_rankings: by referral count, then earnings (PLN); full_name may be null ('Anonim'). */
export async function getTopPartners(client: AppSupabaseClient, limit: number, signal?: AbortSignal) {
  let request = client.rpc('get_referral_rankings', { p_limit: limit });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type RankingEntry = Awaited<ReturnType<typeof getTopPartners>>[number];

export const topPartnersQueryOptions = (getClient: () => Promise<AppSupabaseClient>, limit = TOP_PARTNERS_LIMIT) =>
  queryOptions({
    queryKey: referralKeys.topPartners(limit),
    queryFn: async ({ signal }) => getTopPartners(await getClient(), limit, signal),
    staleTime: 60_000,
  });

export function useTopPartners() {
  const { getClient } = useSupabase();
  return useQuery(topPartnersQueryOptions(getClient));
}
