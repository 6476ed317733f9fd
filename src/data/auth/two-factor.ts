import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unenrollTotp } from '@/data/auth/enroll-totp';
import { settingsKeys } from '@/data/profile/keys';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { mfaKeys } from './keys';

/**
 * Turning 2FA off: the verified factor is removed (Auth wants an aal2 session for it), then the
 * session is refreshed so its claims no longer promise a second factor.
 */
export async function disableTotp(client: AppSupabaseClient, factorId: string): Promise<void> {
  await unenrollTotp(client, factorId);
  const { error } = await client.auth.refreshSession();
  if (error) console.warn('Refreshing the session after turning 2FA off failed', error);
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
