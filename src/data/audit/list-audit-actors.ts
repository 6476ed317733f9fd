import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';

/** RPC admin_list_audit_actors: the e-mails of the admins who appear in the trail, in order (the admin filter's options). */
export async function listAuditActors(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_audit_actors');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => row.actor_email);
}

export const auditActorsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: auditKeys.actors(),
    queryFn: async ({ signal }) => listAuditActors(await getClient(), signal),
  });

export function useAuditActors() {
  const { getClient } = useSupabase();
  return useQuery(auditActorsQueryOptions(getClient));
}
