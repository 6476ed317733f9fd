import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * RPC admin_outbox_alert (admins, aal2): the checks that say the outbox itself fails — the sender
 * has not run (job.send-outbox), due e-mails wait for more than an hour (email.queue), e-mails gave
 * up (email.failed) — when they are problems. No rows: the outbox works. The admin area's banner.
 */
export async function getOutboxAlert(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_outbox_alert');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type OutboxAlert = Awaited<ReturnType<typeof getOutboxAlert>>[number];

export const outboxAlertQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: operationsKeys.outboxAlert(),
    queryFn: async ({ signal }) => getOutboxAlert(await getClient(), signal),
    // On every admin screen: again each minute, as the health tab.
    refetchInterval: 60_000,
  });

export function useOutboxAlert() {
  const { getClient } = useSupabase();
  return useQuery(outboxAlertQueryOptions(getClient));
}
