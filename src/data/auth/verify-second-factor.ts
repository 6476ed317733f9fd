import { mutationOptions, useMutation } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { authKeys } from './keys';

/**
 * The second step of signing in: the verified TOTP factor (GET /user via mfa.listFactors), then
 * POST /factors/{id}/challenge and /verify with the 6-digit code. The aal2 session reaches the
 * auth context through its MFA_CHALLENGE_VERIFIED event.
 */
export async function verifySecondFactor(client: AppSupabaseClient, code: string): Promise<void> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  const factor = data.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new AppError('auth.mfa.no_factor');
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (verified.error) throw verified.error;
}

export const secondFactorMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.secondFactor(),
    mutationFn: async (code: string) => verifySecondFactor(await getClient(), code),
  });

export function useVerifySecondFactor() {
  const { getClient } = useSupabase();
  return useMutation(secondFactorMutationOptions(getClient));
}
