// Test accounts made the way a member makes one: sign up, open the e-mail, verify.
import { randomUUID } from 'node:crypto';
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

/** Signs up through the app's client and activates the account with the e-mailed token hash. */
export async function activatedMember(label = 'member', password = PASSWORD): Promise<Member> {
  const email = uniqueEmail(label);
  const client = appClient();
  const { error } = await client.auth.signUp({
    email,
    password,
    options: {
      data: { full_name: 'Jan Kowalski', phone: '+48500100200' },
      emailRedirectTo: 'http://127.0.0.1:5173/activate',
    },
  });
  if (error) throw error;
  const mail = await authMail(email, 'signup');
  const verified = await client.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' });
  if (verified.error || !verified.data.session) throw verified.error ?? new Error('no session after verification');
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
