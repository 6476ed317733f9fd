import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from '../../shared/api/keys';

/** RPC get_ccc_availability: each tier with its used and free slots (the assignment modal's choices). */
export async function getCccAvailability(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('get_ccc_availability');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type CccTierAvailability = Awaited<ReturnType<typeof getCccAvailability>>[number];

export const cccAvailabilityQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: adminKeys.cccAvailability(),
    queryFn: async ({ signal }) => getCccAvailability(await getClient(), signal),
    staleTime: 0,
  });

export function useCccAvailability(enabled = true) {
  const { getClient } = useSupabase();
  return useQuery({ ...cccAvailabilityQueryOptions(getClient), enabled });
}
