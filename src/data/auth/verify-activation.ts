import { queryOptions, useQuery } from '@tanstack/react-query';
import { RUN_ONCE } from '@/lib/run-once';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { claimSignupPassword } from './claim-signup-password';
import { authKeys } from './keys';

export type ActivationResult =
  /**
   * Activated; `signedIn` when verification returned a session; `passwordRequired` when the
   * password chosen at sign-up could not be claimed by this browser and the member sets one now.
   */
  | { status: 'activated'; signedIn: boolean; passwordRequired: boolean }
  /** The link failed, but this browser holds a session of a confirmed account. */
  | { status: 'already_active' };

/**
 * POST /verify {token_hash, type: signup}: confirms the e-mail and returns a session (this replaces
 * the spec's stored password: nothing secret is kept in the browser), then claims the sign-up
 * password back with this browser's claim secret (docs/decisions.md, pre-account takeover). When
 * the link fails but the browser already holds a session of a confirmed account, the account is
 * simply already active.
 */
export async function verifyActivation(client: AppSupabaseClient, tokenHash: string): Promise<ActivationResult> {
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  if (!error) {
    const email = data.session?.user.email;
    if (!data.session || !email) return { status: 'activated', signedIn: false, passwordRequired: false };
    // A claim that fails to arrive costs only a new password, never the activation.
    const claim = await claimSignupPassword(client, email).catch(() => 'password_required' as const);
    return { status: 'activated', signedIn: true, passwordRequired: claim === 'password_required' };
  }
  const { data: current } = await client.auth.getSession();
  if (current.session?.user.email_confirmed_at) return { status: 'already_active' };
  throw error;
}

/** A token can be used once: verified once per token, the outcome kept; a retry only on request. */
export const activationQueryOptions = (getClient: () => Promise<AppSupabaseClient>, tokenHash: string) =>
  queryOptions({
    queryKey: authKeys.activation(tokenHash),
    queryFn: async () => verifyActivation(await getClient(), tokenHash),
    ...RUN_ONCE,
  });

export function useActivation(tokenHash: string | null) {
  const { getClient } = useSupabase();
  return useQuery({ ...activationQueryOptions(getClient, tokenHash ?? ''), enabled: tokenHash !== null });
}
