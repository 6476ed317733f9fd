import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail, redirectUrls } from './redirect-urls';
import { authKeys } from './keys';

export type EmailLinkInput = { email: string; captchaToken: string };

/** POST /recover: the e-mail links to /reset-password (Supabase adds `?code=`). */
export async function sendPasswordReset(client: AppSupabaseClient, input: EmailLinkInput): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(normaliseEmail(input.email), {
    redirectTo: redirectUrls.resetPassword(),
    captchaToken: input.captchaToken,
  });
  if (error) throw error;
}

export const passwordResetMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.passwordReset(),
    mutationFn: async (input: EmailLinkInput) => sendPasswordReset(await getClient(), input),
  });

export function useSendPasswordReset() {
  const { getClient } = useSupabase();
  return useMutation(passwordResetMutationOptions(getClient));
}
