import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { forgetSignupClaim, signupClaimFor } from './signup-claim';

/** 'kept': the password chosen at sign-up works; 'password_required': the member sets one now. */
export type PasswordClaim = 'kept' | 'password_required';

/**
 * RPC claim_signup_password, right after activation (a session exists): hands in this browser's
 * claim secret for the account's e-mail, so the password set at sign-up works again. Without the
 * secret (another browser, or someone else signed up with this address) the member sets a new one.
 */
export async function claimSignupPassword(client: AppSupabaseClient, email: string): Promise<PasswordClaim> {
  const result = unwrap(await client.rpc('claim_signup_password', { p_claim: signupClaimFor(email) ?? undefined }));
  if (result !== 'kept' && result !== 'password_required') throw new Error('http.unexpected');
  forgetSignupClaim(email);
  return result;
}
