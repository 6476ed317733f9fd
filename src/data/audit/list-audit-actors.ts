import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';

/** RPC admin_list_audit_actors: the admins who appear in the trail (id and e-mail), by e-mail (the admin filter's options). */
export async function listAuditActors(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_audit_actors');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => ({ id: row.actor_id, email: row.actor_email }));
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
