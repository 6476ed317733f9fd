import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';

/** RPC admin_list_audit_actions: the distinct actions of the trail, in order (the action filter's options). */
export async function listAuditActions(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_audit_actions');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => row.action);
}

export const auditActionsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: auditKeys.actions(),
    queryFn: async ({ signal }) => listAuditActions(await getClient(), signal),
  });

export function useAuditActions() {
  const { getClient } = useSupabase();
  return useQuery(auditActionsQueryOptions(getClient));
}
