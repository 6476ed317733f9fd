import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/** 'Odrzuć' (RPC admin_discard_email): the failed e-mail is given up for good. Audited. */
export async function discardEmail(client: AppSupabaseClient, id: number) {
  return unwrap(await client.rpc('admin_discard_email', { p_id: id }));
}

export const discardEmailMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...operationsKeys.failedEmails(), 'discard'],
    mutationFn: async (id: number) => discardEmail(await getClient(), id),
  });

/** The failed e-mails, the health checks and the audit trail are read again. */
export function useDiscardEmail() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...discardEmailMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
