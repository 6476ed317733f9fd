import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';

/** RPC validate_referral_code: the code exists and is active (anon has no access to referral_codes). */
export async function validateReferralCode(client: AppSupabaseClient, code: string, signal?: AbortSignal) {
  let request = client.rpc('validate_referral_code', { p_code: code.trim().toUpperCase() });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request) === true;
}
