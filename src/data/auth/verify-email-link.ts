import { queryOptions, useQuery } from '@tanstack/react-query';
import { RUN_ONCE } from '@/lib/run-once';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { authKeys } from './keys';

/** The e-mailed links besides activation: password reset, magic link, e-mail change. */
export type EmailLinkType = 'recovery' | 'magiclink' | 'email_change';

/** `signedIn`: Auth returned a session (an e-mail change confirmed on one address only returns none). */
export type EmailLinkResult = { signedIn: boolean };

/**
 * POST /verify {token_hash, type}: the token hash an e-mail link carries becomes a session, in any
 * browser and however long after the request the link is opened within its validity. (Auth's
 * PKCE redirect would need the requesting browser and, for reset and e-mail change, expire 5
 * minutes after the request on hosted Auth.) The session reaches the auth context through its
 * SIGNED_IN event.
 */
export async function verifyEmailLink(
  client: AppSupabaseClient,
  type: EmailLinkType,
  tokenHash: string,
): Promise<EmailLinkResult> {
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

/** A link can be used once: verified once per token, the outcome kept; a retry only on request. */
export const emailLinkQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  type: EmailLinkType,
  tokenHash: string,
) =>
  queryOptions({
    queryKey: authKeys.emailLink(type, tokenHash),
    queryFn: async () => verifyEmailLink(await getClient(), type, tokenHash),
    ...RUN_ONCE,
  });

export function useEmailLink(type: EmailLinkType, tokenHash: string | null) {
  const { getClient } = useSupabase();
  return useQuery({ ...emailLinkQueryOptions(getClient, type, tokenHash ?? ''), enabled: tokenHash !== null });
}
