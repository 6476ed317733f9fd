import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * RPC admin_list_failed_idea_webhooks (admins, aal2): the pending ideas whose call of the automation
 * service failed ('Webhook request failed'), newest failure first, at most 50, with the author.
 */
export async function listFailedIdeaWebhooks(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_failed_idea_webhooks');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type FailedIdeaWebhook = Awaited<ReturnType<typeof listFailedIdeaWebhooks>>[number];

export const failedIdeaWebhooksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: operationsKeys.failedIdeaWebhooks(),
    queryFn: async ({ signal }) => listFailedIdeaWebhooks(await getClient(), signal),
  });

export function useFailedIdeaWebhooks() {
  const { getClient } = useSupabase();
  return useQuery(failedIdeaWebhooksQueryOptions(getClient));
}
