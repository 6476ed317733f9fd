import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';

/**
 * RPC admin_verify_audit_chain: whether the trail's hash chain is intact (from the last intact
 * publication on; the daily publication walks it all), or the first entry where it breaks and why.
 */
export async function verifyAuditChain(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_verify_audit_chain');
  if (signal) request = request.abortSignal(signal);
  const [state] = unwrap(await request);
  if (!state) throw new Error('admin_verify_audit_chain returned no row');
  return state;
}

export type AuditChainState = Awaited<ReturnType<typeof verifyAuditChain>>;

export const auditChainQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: auditKeys.chain(),
    queryFn: async ({ signal }) => verifyAuditChain(await getClient(), signal),
  });

export function useAuditChain() {
  const { getClient } = useSupabase();
  return useQuery(auditChainQueryOptions(getClient));
}
