import { mutationOptions, useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { referralKeys } from './keys';

/** RPC track_referral_visit: counts a `?ref` visit of an active code (false for unknown codes). */
export async function trackReferralVisit(client: AppSupabaseClient, code: string): Promise<boolean> {
  return unwrap(await client.rpc('track_referral_visit', { p_code: code })) === true;
}

export const referralVisitMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: referralKeys.visit(),
    mutationFn: async (code: string) => trackReferralVisit(await getClient(), code),
  });

export function useTrackReferralVisit() {
  const { getClient } = useSupabase();
  return useMutation(referralVisitMutationOptions(getClient));
}
