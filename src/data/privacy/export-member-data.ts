import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';
import { memberDataFile, type Controller, type MemberData } from './member-data-file';

export type MemberExport = { requestId: string; controller: Controller };

/**
 * 'Pobierz dane członka' for an e-mailed request (RPC admin_export_member_data): the same file the
 * member would download, for the admin to send; completes the request. Audited.
 */
export async function exportMemberData(client: AppSupabaseClient, { requestId, controller }: MemberExport) {
  const answer = unwrap(
    await client.rpc('admin_export_member_data', { p_request_id: requestId }),
  ) as unknown as MemberData;
  return memberDataFile(answer, controller);
}

export const exportMemberDataMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: privacyKeys.exportMember(),
    mutationFn: async (input: MemberExport) => exportMemberData(await getClient(), input),
  });

export function useExportMemberData() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...exportMemberDataMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
