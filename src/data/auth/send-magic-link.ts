import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail, redirectUrls } from './redirect-urls';
import { authKeys } from './keys';
import type { EmailLinkInput } from './send-password-reset';

/**
 * POST /otp: a one-time link to /dashboard (Supabase adds `?code=`) for an existing account only —
 * the magic link never creates a user.
 */
export async function sendMagicLink(client: AppSupabaseClient, input: EmailLinkInput): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email: normaliseEmail(input.email),
    options: { emailRedirectTo: redirectUrls.dashboard(), shouldCreateUser: false, captchaToken: input.captchaToken },
  });
  if (error) throw error;
}

export const magicLinkMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.magicLink(),
    mutationFn: async (input: EmailLinkInput) => sendMagicLink(await getClient(), input),
  });

export function useSendMagicLink() {
  const { getClient } = useSupabase();
  return useMutation(magicLinkMutationOptions(getClient));
}
