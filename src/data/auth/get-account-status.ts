import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { normaliseEmail } from './redirect-urls';

export type AccountStatus = 'missing' | 'not_activated' | 'active';

function isAccountStatus(value: unknown): value is AccountStatus {
  return value === 'missing' || value === 'not_activated' || value === 'active';
}

/** RPC get_account_status: tells the registration screen whether the e-mail is taken, and how. */
export async function getAccountStatus(client: AppSupabaseClient, email: string, signal?: AbortSignal) {
  let request = client.rpc('get_account_status', { p_email: normaliseEmail(email) });
  if (signal) request = request.abortSignal(signal);
  const status = unwrap(await request);
  if (!isAccountStatus(status)) throw new Error('http.unexpected');
  return status;
}
