import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { authKeys } from './keys';

export type ActivationResult =
  /** Activated; `signedIn` when verification returned a session. */
  | { status: 'activated'; signedIn: boolean }
  /** The link failed, but this browser holds a session of a confirmed account. */
  | { status: 'already_active' };

/**
 * POST /verify {token_hash, type: signup}: confirms the e-mail and returns a session (this replaces
 * the spec's stored password: nothing secret is kept in the browser). When the link fails but the
 * browser already holds a session of a confirmed account, the account is simply already active.
 */
export async function verifyActivation(client: AppSupabaseClient, tokenHash: string): Promise<ActivationResult> {
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
  if (!error) return { status: 'activated', signedIn: data.session !== null };
  const { data: current } = await client.auth.getSession();
  if (current.session?.user.email_confirmed_at) return { status: 'already_active' };
  throw error;
}

/**
 * A token can be used once, so this "query" runs once per token (no retries, never stale, kept):
 * a remount (StrictMode, the router rebuilding) reads the cached outcome instead of asking again.
 */
export const activationQueryOptions = (getClient: () => Promise<AppSupabaseClient>, tokenHash: string) =>
  queryOptions({
    queryKey: authKeys.activation(tokenHash),
    queryFn: async () => verifyActivation(await getClient(), tokenHash),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useActivation(tokenHash: string | null) {
  const { getClient } = useSupabase();
  return useQuery({ ...activationQueryOptions(getClient, tokenHash ?? ''), enabled: tokenHash !== null });
}
