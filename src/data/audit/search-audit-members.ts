import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';

/** How many members the audit tab's member search offers. */
export const MEMBER_SEARCH_LIMIT = 8;
/** Shorter text finds too many members to choose from. */
export const MEMBER_SEARCH_MIN_LENGTH = 2;

/**
 * The members whose name, e-mail or phone contains `query` (RPC admin_list_users, admins only), by
 * name: the audit tab resolves the member it filters by from a name or an e-mail, never a raw id.
 */
export async function searchAuditMembers(client: AppSupabaseClient, query: string, signal?: AbortSignal) {
  let request = client.rpc('admin_list_users', {
    p_search: query,
    p_sort: 'name',
    p_ascending: true,
    p_limit: MEMBER_SEARCH_LIMIT,
    p_offset: 0,
  });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => ({ userId: row.user_id, fullName: row.full_name, email: row.email }));
}

export type AuditMember = Awaited<ReturnType<typeof searchAuditMembers>>[number];

export const auditMemberSearchQueryOptions = (getClient: () => Promise<AppSupabaseClient>, query: string) =>
  queryOptions({
    queryKey: auditKeys.memberSearch(query),
    queryFn: async ({ signal }) => searchAuditMembers(await getClient(), query, signal),
    enabled: query.length >= MEMBER_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });

export function useAuditMemberSearch(query: string) {
  const { getClient } = useSupabase();
  return useQuery(auditMemberSearchQueryOptions(getClient, query));
}
