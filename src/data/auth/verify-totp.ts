import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { mfaKeys } from './keys';

/**
 * POST /factors/{id}/challenge and /verify with the 6-digit code (auth.mfa.challengeAndVerify):
 * verifies a new factor (2FA set-up) or proves an enrolled one (step-up to aal2). Auth answers with
 * an aal2 session, which reaches the auth context through MFA_CHALLENGE_VERIFIED.
 */
export async function verifyTotp(client: AppSupabaseClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export const verifyTotpMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: mfaKeys.verify(),
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) =>
      verifyTotp(await getClient(), factorId, code),
  });

export function useVerifyTotp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...verifyTotpMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
