import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/** 'Wyślij ponownie' (RPC admin_resend_email): the failed e-mail gets 5 new attempts from now. Audited. */
export async function resendEmail(client: AppSupabaseClient, id: number) {
  return unwrap(await client.rpc('admin_resend_email', { p_id: id }));
}

export const resendEmailMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...operationsKeys.failedEmails(), 'resend'],
    mutationFn: async (id: number) => resendEmail(await getClient(), id),
  });

/** The failed e-mails, the health checks and the audit trail are read again. */
export function useResendEmail() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...resendEmailMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
