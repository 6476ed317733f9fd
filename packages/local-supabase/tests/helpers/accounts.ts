// Test accounts made the way a member makes one: sign up (with the browser's claim secret), open
// the e-mail, verify, and claim the sign-up password back (docs/decisions.md, pre-account takeover).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { appClient } from './clients.ts';
import { authMail } from './mailbox.ts';

export const PASSWORD = 'Correct-Horse-7';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface Member {
  email: string;
  password: string;
  client: SupabaseClient;
  session: Session;
}

/** The claim secret a signing-up browser keeps, and the hash its sign-up sends (src/features/auth/utils/signup-claim.ts). */
export function signupClaim(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('hex');
  return { secret, hash: createHash('sha256').update(secret, 'utf8').digest('hex') };
}

/**
 * Signs up through the app's client, activates the account with the e-mailed token hash and, as
 * the app's /activate page does, claims the sign-up password back with the browser's secret.
 */
export async function activatedMember(label = 'member', password = PASSWORD): Promise<Member> {
  const email = uniqueEmail(label);
  const client = appClient();
  const claim = signupClaim();
  const { error } = await client.auth.signUp({
    email,
    password,
    options: {
      data: { full_name: 'Jan Kowalski', phone: '+48500100200', signup_claim: claim.hash },
      emailRedirectTo: 'http://127.0.0.1:5173/activate',
    },
  });
  if (error) throw error;
  const mail = await authMail(email, 'signup');
  const verified = await client.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('no session after verification');
  const claimed = await client.rpc('claim_signup_password', { p_claim: claim.secret });
  if (claimed.error || claimed.data !== 'kept') throw claimed.error ?? new Error(`password not kept: ${claimed.data}`);
  return { email, password, client, session: verified.data.session };
}

/** A second, independent "browser" signed in with the password. */
export async function signedIn(
  email: string,
  password = PASSWORD,
): Promise<{ client: SupabaseClient; session: Session }> {
  const client = appClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}
