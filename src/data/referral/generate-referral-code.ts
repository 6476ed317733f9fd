import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { GenerateCodeInput } from './referral-overview.schema';
import { referralKeys } from './keys';

/**
 * RPC generate_unique_referral_code {p_user_id, p_description} ("create a code {user id,
 * description}"). The server checks that p_user_id is the caller, the description length and the
 * limit of 5 codes, and picks the code.
 */
export async function generateReferralCode(client: AppSupabaseClient, userId: string, input: GenerateCodeInput) {
  const description = input.description.trim();
  return unwrap(
    await client.rpc('generate_unique_referral_code', {
      p_user_id: userId,
      ...(description ? { p_description: description } : {}),
    }),
  );
}

export const generateReferralCodeMutationOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  queryClient: QueryClient,
  userId: string,
) =>
  mutationOptions({
    mutationKey: referralKeys.generate(),
    mutationFn: async (input: GenerateCodeInput) => generateReferralCode(await getClient(), userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralKeys.overview() }),
  });

export function useGenerateReferralCode() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation(generateReferralCodeMutationOptions(getClient, queryClient, user?.id ?? ''));
}
