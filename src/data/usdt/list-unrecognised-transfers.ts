import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usdtKeys } from './keys';

export type UnrecognisedStatus = 'open' | 'assigned' | 'refunded' | 'ignored';

/** Admin: 'Nierozpoznane wpłaty' of a status (open: oldest first). */
export async function listUnrecognisedTransfers(
  client: AppSupabaseClient,
  status: UnrecognisedStatus,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_unrecognised_transfers', { p_status: status, p_limit: 50 });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type UnrecognisedTransfer = Awaited<ReturnType<typeof listUnrecognisedTransfers>>[number];

export const unrecognisedTransfersQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  status: UnrecognisedStatus,
) =>
  queryOptions({
    queryKey: usdtKeys.unrecognisedList(status),
    queryFn: async ({ signal }) => listUnrecognisedTransfers(await getClient(), status, signal),
  });

export function useUnrecognisedTransfers(status: UnrecognisedStatus) {
  const { getClient } = useSupabase();
  return useQuery(unrecognisedTransfersQueryOptions(getClient, status));
}
