import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail, redirectUrls } from '../utils/redirect-urls';
import { authKeys } from './keys';
import type { EmailLinkInput } from './send-password-reset';

/** POST /resend (type signup): a new activation link, sent through the send-email hook. */
export async function resendActivation(client: AppSupabaseClient, input: EmailLinkInput): Promise<void> {
  const { error } = await client.auth.resend({
    type: 'signup',
    email: normaliseEmail(input.email),
    options: { emailRedirectTo: redirectUrls.activate(), captchaToken: input.captchaToken },
  });
  if (error) throw error;
}

export const resendActivationMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.resendActivation(),
    mutationFn: async (input: EmailLinkInput) => resendActivation(await getClient(), input),
  });

export function useResendActivation() {
  const { getClient } = useSupabase();
  return useMutation(resendActivationMutationOptions(getClient));
}
