import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usersKeys } from './keys';

/** How many members a member search offers (the audit tab's member filter). */
export const MEMBER_SEARCH_LIMIT = 8;
/** Shorter text finds too many members to choose from. */
export const MEMBER_SEARCH_MIN_LENGTH = 2;

/**
 * The members whose name, e-mail or phone contains `query` (RPC admin_list_users, admins only), by
 * name: the same RPC as the users tab's list (list-users.ts); the audit tab resolves the member it
 * filters by from a name or an e-mail, never a raw id.
 */
export async function searchMembers(client: AppSupabaseClient, query: string, signal?: AbortSignal) {
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

export type MemberMatch = Awaited<ReturnType<typeof searchMembers>>[number];

export const memberSearchQueryOptions = (getClient: () => Promise<AppSupabaseClient>, query: string) =>
  queryOptions({
    queryKey: usersKeys.search(query),
    queryFn: async ({ signal }) => searchMembers(await getClient(), query, signal),
    enabled: query.length >= MEMBER_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });

export function useMemberSearch(query: string) {
  const { getClient } = useSupabase();
  return useQuery(memberSearchQueryOptions(getClient, query));
}
