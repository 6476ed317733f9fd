import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * RPC admin_list_failed_emails: the e-mails that gave up after 5 attempts (up to 100, newest first)
 * with the last error (the sender's text, never a secret) and the id of the request that queued them.
 */
export async function listFailedEmails(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_failed_emails');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type FailedEmail = Awaited<ReturnType<typeof listFailedEmails>>[number];

export const failedEmailsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: operationsKeys.failedEmails(),
    queryFn: async ({ signal }) => listFailedEmails(await getClient(), signal),
  });

export function useFailedEmails() {
  const { getClient } = useSupabase();
  return useQuery(failedEmailsQueryOptions(getClient));
}
