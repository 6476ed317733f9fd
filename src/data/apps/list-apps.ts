import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { appsKeys } from './keys';

/** Apps select ordered by created_at desc (product.md#dashboard-7 Apps), every column the admin form edits. */
export async function listApps(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('apps').select('*').order('created_at', { ascending: false }).order('id');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type AdminApp = Awaited<ReturnType<typeof listApps>>[number];

export const appsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: appsKeys.adminList(),
    queryFn: async ({ signal }) => listApps(await getClient(), signal),
  });

export function useAdminApps() {
  const { getClient } = useSupabase();
  return useQuery(appsQueryOptions(getClient));
}
