import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assuranceOf } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/auth-context';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from './keys';

export type AdminAssurance = {
  /** The admin's verified TOTP factor, or null when 2FA is off. */
  factorId: string | null;
  /** True when the factor exists but this session has not proven it (aal1): the database refuses admin work. */
  stepUpRequired: boolean;
};

/**
 * The database treats an admin with a verified factor as an admin only in an aal2 session
 * (private.is_admin). GET /user (mfa.listFactors) gives the factors as Auth knows them now, not as
 * they were at sign-in; the session's `aal` claim gives the level.
 */
export async function getAdminAssurance(client: AppSupabaseClient): Promise<AdminAssurance> {
  const factors = await client.auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  const { data } = await client.auth.getSession();
  const factorId = factors.data.totp.find((factor) => factor.status === 'verified')?.id ?? null;
  return { factorId, stepUpRequired: factorId !== null && assuranceOf(data.session).currentLevel !== 'aal2' };
}

export const adminAssuranceQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: adminKeys.assurance(userId),
    queryFn: async () => getAdminAssurance(await getClient()),
    staleTime: 60_000,
  });

/** The factors as Auth knows them now (GET /user); read only when `enabled` (after a refusal). */
export function useAdminAssurance(enabled: boolean) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...adminAssuranceQueryOptions(getClient, userId), enabled: enabled && userId !== '' });
}

/** POST /factors/{id}/challenge and /verify: the session becomes aal2. */
export async function verifyAdminCode(client: AppSupabaseClient, code: string): Promise<void> {
  const { factorId } = await getAdminAssurance(client);
  if (!factorId) throw new AppError('auth.mfa.no_factor');
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export const verifyAdminCodeMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...adminKeys.all, 'verify-code'] as const,
    mutationFn: async (code: string) => verifyAdminCode(await getClient(), code),
  });

/** After the step-up everything the admin area read at aal1 is read again. */
export function useVerifyAdminCode() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...verifyAdminCodeMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
