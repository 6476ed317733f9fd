import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * RPC admin_find_request (admins, aal2): the rows one request id left — audit rows, the e-mails it
 * queued, Przelewy24 events — oldest first, each with where it is (source), when, what, on what and
 * a detail. The id is the 'identyfikator zdarzenia' a member reads in an error message.
 */
export async function findRequest(client: AppSupabaseClient, requestId: string, signal?: AbortSignal) {
  let request = client.rpc('admin_find_request', { p_request_id: requestId });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type RequestTrace = Awaited<ReturnType<typeof findRequest>>[number];

export const findRequestQueryOptions = (getClient: () => Promise<AppSupabaseClient>, requestId: string) =>
  queryOptions({
    queryKey: operationsKeys.request(requestId),
    queryFn: async ({ signal }) => findRequest(await getClient(), requestId, signal),
    enabled: requestId.length > 0,
  });

/** What a request id left; nothing is asked while the id is empty. */
export function useFindRequest(requestId: string) {
  const { getClient } = useSupabase();
  return useQuery(findRequestQueryOptions(getClient, requestId));
}
