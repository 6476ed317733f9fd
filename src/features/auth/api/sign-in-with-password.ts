import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { normaliseEmail } from '../utils/redirect-urls';
import { authKeys } from './keys';

export type SignInInput = { email: string; password: string; captchaToken: string };

/** POST /token?grant_type=password. The session reaches the auth context through its SIGNED_IN event. */
export async function signInWithPassword(client: AppSupabaseClient, input: SignInInput) {
  const { data, error } = await client.auth.signInWithPassword({
    email: normaliseEmail(input.email),
    password: input.password,
    options: { captchaToken: input.captchaToken },
  });
  if (error) throw error;
  return data.session;
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
