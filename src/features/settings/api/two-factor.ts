import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@/i18n/settings';
import { mfaKeys } from '@/lib/mfa/mfa-status';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { settingsKeys } from './keys';

export type TotpEnrolment = { factorId: string; secret: string; uri: string };

async function unenroll(client: AppSupabaseClient, factorId: string): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/**
 * Turning 2FA on, step 1 (Supabase Auth MFA): factors of an abandoned set-up are removed, then a new
 * TOTP factor is enrolled with the product name as issuer. Auth returns the secret and the otpauth
 * URI the QR code encodes (6 digits, 30 s). Step 2 is lib/mfa's verifyTotp with the first code.
 */
export async function enrollTotp(client: AppSupabaseClient, staleFactorIds: readonly string[]): Promise<TotpEnrolment> {
  for (const factorId of staleFactorIds) await unenroll(client, factorId);
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    issuer: t('app.name'),
    friendlyName: t('app.name'),
  });
  if (error) throw error;
  return { factorId: data.id, secret: data.totp.secret, uri: data.totp.uri };
}

/**
 * Turning 2FA off: the verified factor is removed (Auth wants an aal2 session for it), then the
 * session is refreshed so its claims no longer promise a second factor.
 */
export async function disableTotp(client: AppSupabaseClient, factorId: string): Promise<void> {
  await unenroll(client, factorId);
  const { error } = await client.auth.refreshSession();
  if (error) console.warn('Refreshing the session after turning 2FA off failed', error);
}

export function useEnrollTotp() {
  const { getClient } = useSupabase();
  return useMutation(
    mutationOptions({
      mutationKey: settingsKeys.enrollTotp(),
      mutationFn: async (staleFactorIds: readonly string[]) => enrollTotp(await getClient(), staleFactorIds),
    }),
  );
}

/** A set-up closed before its code was verified: its factor is removed (best effort). */
export function useCancelTotp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: settingsKeys.cancelTotp(),
      mutationFn: async (factorId: string) => unenroll(await getClient(), factorId),
      onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
    }),
  );
}

export function useDisableTotp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: settingsKeys.disableTotp(),
      mutationFn: async (factorId: string) => disableTotp(await getClient(), factorId),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
    }),
  );
}
