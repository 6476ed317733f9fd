import { mutationOptions, useMutation } from '@tanstack/react-query';
import { AppError, authErrorCode } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail } from './redirect-urls';
import { getAccountStatus } from './get-account-status';
import { authKeys } from './keys';

export type SignInInput = { email: string; password: string; captchaToken: string };

/**
 * POST /token?grant_type=password. The session reaches the auth context through its SIGNED_IN event.
 * Auth checks the password before the confirmation, so a wrong password on an account that is not
 * activated answers invalid_credentials; the spec looks the account up first and shows the
 * not-activated panel. So on invalid_credentials the account's status is asked
 * (get_account_status), and an unactivated account fails as email_not_confirmed.
 */
export async function signInWithPassword(client: AppSupabaseClient, input: SignInInput) {
  const email = normaliseEmail(input.email);
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: input.password,
    options: { captchaToken: input.captchaToken },
  });
  if (!error) return data.session;
  if (authErrorCode(error) === 'invalid_credentials') {
    const status = await getAccountStatus(client, email).catch(() => null);
    if (status === 'not_activated') {
      throw new AppError('auth.email_not_confirmed', { status: 400, code: 'email_not_confirmed', cause: error });
    }
  }
  throw error;
}

export const signInMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.signIn(),
    mutationFn: async (input: SignInInput) => signInWithPassword(await getClient(), input),
  });

export function useSignIn() {
  const { getClient } = useSupabase();
  return useMutation(signInMutationOptions(getClient));
}
