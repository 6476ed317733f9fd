import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail, redirectUrls } from './redirect-urls';
import { getAccountStatus } from './get-account-status';
import { authKeys } from './keys';
import type { EmailLinkInput } from './send-password-reset';

/** The resend was asked for an e-mail without an account (Auth itself would answer 200 and send nothing). */
export class UserNotFoundError extends Error {
  constructor() {
    super('auth.user_not_found');
    this.name = 'UserNotFoundError';
  }
}

/**
 * POST /resend (type signup): a new activation link, sent through the send-email hook. The account
 * is looked up first (product.md#account-8: 'Użytkownik nie istnieje' when there is none).
 */
export async function resendActivation(client: AppSupabaseClient, input: EmailLinkInput): Promise<void> {
  if ((await getAccountStatus(client, input.email)) === 'missing') throw new UserNotFoundError();
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
