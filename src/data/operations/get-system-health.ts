import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * RPC admin_system_health (admins, aal2): every health check computed in SQL — its status (ok |
 * warning | problem), figure and detail, and for a problem when it was first and last seen. Problems
 * first. Reading it also records what it found (the problems' first and last seen).
 */
export async function getSystemHealth(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_system_health');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type HealthCheck = Awaited<ReturnType<typeof getSystemHealth>>[number];

export const systemHealthQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: operationsKeys.health(),
    queryFn: async ({ signal }) => getSystemHealth(await getClient(), signal),
    // What the operator looks at: again each minute while the tab is open.
    refetchInterval: 60_000,
  });

export function useSystemHealth() {
  const { getClient } = useSupabase();
  return useQuery(systemHealthQueryOptions(getClient));
}
