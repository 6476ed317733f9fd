import { mutationOptions, useMutation } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';

export type AccountDeletion = {
  password: string;
  confirmation: string;
  /** The authenticator's code, for an account with two-factor sign-in (verified with Auth first). */
  code?: { factorId: string; code: string };
};

/**
 * 'Usuń konto': with two-factor sign-in, the code is verified with Auth MFA first (a fresh aal2
 * session the database then asks for); then RPC delete_my_account checks the typed 'USUŃ' and the
 * password (a wrong one: privacy.wrong_password, counted, 5 in 15 minutes), the blockers, and erases
 * the account in one transaction. The session is then dead: the caller signs out here.
 */
export async function deleteMyAccount(client: AppSupabaseClient, input: AccountDeletion): Promise<void> {
  if (input.code) {
    const verified = await client.auth.mfa.challengeAndVerify(input.code);
    if (verified.error) throw verified.error;
  }
  const result = unwrap(
    await client.rpc('delete_my_account', { p_password: input.password, p_confirmation: input.confirmation }),
  );
  if (result === 'wrong_password') throw new AppError('privacy.wrong_password', { status: 400 });
  if (result !== 'deleted') throw new AppError('privacy.delete_failed');
}

export const deleteMyAccountMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: privacyKeys.deleteMine(),
    mutationFn: async (input: AccountDeletion) => deleteMyAccount(await getClient(), input),
  });

export function useDeleteMyAccount() {
  const { getClient } = useSupabase();
  return useMutation(deleteMyAccountMutationOptions(getClient));
}
