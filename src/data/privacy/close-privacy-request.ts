import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';

export type PrivacyRequestClosing = { id: string; status: 'completed' | 'refused'; note: string };

/**
 * 'Oznacz jako zrealizowany' / 'Odrzuć' (RPC admin_close_privacy_request): an open request answered
 * outside the app, or refused with a reason. An erasure is completed by deleting the account. Audited.
 */
export async function closePrivacyRequest(client: AppSupabaseClient, closing: PrivacyRequestClosing) {
  return unwrap(
    await client.rpc('admin_close_privacy_request', {
      p_id: closing.id,
      p_status: closing.status,
      p_note: closing.note,
    }),
  );
}

export const closePrivacyRequestMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: privacyKeys.close(),
    mutationFn: async (closing: PrivacyRequestClosing) => closePrivacyRequest(await getClient(), closing),
  });

export function useClosePrivacyRequest() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...closePrivacyRequestMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
