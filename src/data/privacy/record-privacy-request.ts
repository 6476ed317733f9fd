import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';
import type { PrivacyRequestKind } from './list-privacy-requests';

export type NewPrivacyRequest = {
  kind: PrivacyRequestKind;
  channel: 'email' | 'letter';
  /** When it arrived (the deadline is a month from then). */
  receivedAt: string;
  email: string;
  note: string;
};

/** 'Zarejestruj wniosek' (RPC admin_record_privacy_request): a request that came by e-mail or letter. Audited. */
export async function recordPrivacyRequest(client: AppSupabaseClient, request: NewPrivacyRequest) {
  return unwrap(
    await client.rpc('admin_record_privacy_request', {
      p_kind: request.kind,
      p_channel: request.channel,
      p_received_at: request.receivedAt,
      p_email: request.email,
      p_note: request.note,
    }),
  );
}

export const recordPrivacyRequestMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: privacyKeys.record(),
    mutationFn: async (request: NewPrivacyRequest) => recordPrivacyRequest(await getClient(), request),
  });

export function useRecordPrivacyRequest() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...recordPrivacyRequestMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
