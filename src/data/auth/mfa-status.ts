import { queryOptions, useQuery } from '@tanstack/react-query';
import { assuranceOf } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/auth-context';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { mfaKeys } from './keys';

/**
 * The member's two-factor state, read from Supabase Auth MFA (not from user_settings): the settings
 * toggle and the wallet's step-up before a withdrawal both use it.
 */
export type MfaStatus = {
  /** The verified TOTP factor (2FA is on), or null. */
  verifiedFactorId: string | null;
  /** Factors enrolled but never verified (an abandoned set-up): removed before a new enrolment. */
  unverifiedFactorIds: string[];
  /** The session's assurance level now: aal1 (password or link) or aal2 (second factor verified). */
  currentLevel: 'aal1' | 'aal2' | null;
};

/**
 * GET /user (auth.mfa.listFactors) for the factors, and the session's own `aal` claim (read the way
 * auth-js's getAuthenticatorAssuranceLevel reads it, see lib/auth/assurance.ts).
 */
export async function getMfaStatus(client: AppSupabaseClient): Promise<MfaStatus> {
  const factors = await client.auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  const { data } = await client.auth.getSession();
  const totp = factors.data.all.filter((factor) => factor.factor_type === 'totp');
  return {
    verifiedFactorId: totp.find((factor) => factor.status === 'verified')?.id ?? null,
    unverifiedFactorIds: totp.filter((factor) => factor.status !== 'verified').map((factor) => factor.id),
    currentLevel: assuranceOf(data.session).currentLevel,
  };
}

/** True when a verified factor exists and this session has not yet proven it (aal1): ask for a code first. */
export function needsStepUp(status: MfaStatus | undefined): boolean {
  return Boolean(status?.verifiedFactorId) && status?.currentLevel !== 'aal2';
}

export const mfaStatusQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: mfaKeys.status(userId),
    queryFn: async () => getMfaStatus(await getClient()),
  });

export function useMfaStatus() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...mfaStatusQueryOptions(getClient, userId), enabled: userId !== '' });
}
