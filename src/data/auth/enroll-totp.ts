import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@/i18n/settings';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { mfaKeys } from './keys';

export type TotpEnrolment = { factorId: string; secret: string; uri: string };

/** DELETE /factors/{id} (auth.mfa.unenroll). */
export async function unenrollTotp(client: AppSupabaseClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/**
 * Turning 2FA on, step 1 (Supabase Auth MFA), for the settings toggle and the admin area's required
 * set-up alike: factors of an abandoned set-up are removed, then a new TOTP factor is enrolled with
 * the product name as issuer. Auth returns the secret and the otpauth URI the QR code encodes (6
 * digits, 30 s). Step 2 is verifyTotp with the first code.
 */
export async function enrollTotp(client: AppSupabaseClient, staleFactorIds: readonly string[]): Promise<TotpEnrolment> {
  for (const factorId of staleFactorIds) await unenrollTotp(client, factorId);
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    issuer: t('app.name'),
    friendlyName: t('app.name'),
  });
  if (error) throw error;
  return { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri };
}

export const enrollTotpMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: mfaKeys.enroll(),
    mutationFn: async (staleFactorIds: readonly string[]) => enrollTotp(await getClient(), staleFactorIds),
  });

export function useEnrollTotp() {
  const { getClient } = useSupabase();
  return useMutation(enrollTotpMutationOptions(getClient));
}

/** A set-up closed before its code was verified: its factor is removed (best effort). */
export function useCancelTotp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: mfaKeys.cancel(),
      mutationFn: async (factorId: string) => unenrollTotp(await getClient(), factorId),
      onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
    }),
  );
}
