import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { referralOverviewSchema, type ReferralOverview } from './referral-overview.schema';
import { referralKeys } from './keys';

/** How many referred members the structure lists (the newest); the total is counted separately. */
export const REFERRED_LIMIT = 100;

/**
 * product.md#dashboard-7 "fetch codes, tree and ranking" in one round trip: RPC get_my_referral_overview
 * returns the caller's codes with statistics, the referred members (e-mail masked on the server)
 * and the caller's ranking counters.
 */
export async function getReferralOverview(client: AppSupabaseClient, signal?: AbortSignal): Promise<ReferralOverview> {
  let request = client.rpc('get_my_referral_overview', { p_referred_limit: REFERRED_LIMIT });
  if (signal) request = request.abortSignal(signal);
  const parsed = referralOverviewSchema().safeParse(unwrap(await request));
  if (!parsed.success) throw new AppError('referral.invalid_answer', { cause: parsed.error });
  return parsed.data;
}

export const referralOverviewQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: referralKeys.overview(),
    queryFn: async ({ signal }) => getReferralOverview(await getClient(), signal),
    staleTime: 30_000,
  });

export function useReferralOverview() {
  const { getClient } = useSupabase();
  return useQuery(referralOverviewQueryOptions(getClient));
}
