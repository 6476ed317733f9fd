import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { cccKeys } from './keys';

/**
 * The six tiers with their free slots and prices (RPC get_ccc_availability: one call instead of the
 * spec's count per tier), for the CCC page and the admin's assignment dialog (one key). Slots change
 * when an admin assigns a package or confirms a payment: always read again.
 */
export async function getCccAvailability(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('get_ccc_availability');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type CccPackage = Awaited<ReturnType<typeof getCccAvailability>>[number];

export const cccAvailabilityQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: cccKeys.availability(),
    queryFn: async ({ signal }) => getCccAvailability(await getClient(), signal),
    staleTime: 0,
  });

export function useCccAvailability(enabled = true) {
  const { getClient } = useSupabase();
  return useQuery({ ...cccAvailabilityQueryOptions(getClient), enabled });
}
