import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { MembershipLevel } from '@/types/db';
import { usersKeys } from './keys';
import type { UserListParams } from './keys';

/** product.md#dashboard-9: "users list stale 30 s". */
export const USERS_STALE_TIME_MS = 30_000;
export const USERS_PAGE_SIZE = 20;
/**
 * The database counts matches up to 1 001, or 101 with a search text: above that the tab says "more
 * than 1 000 / 100" and pages through those (sorts and filters reach the rest).
 */
export const USERS_COUNT_CAP = 1_000;
export const USERS_SEARCH_COUNT_CAP = 100;

/**
 * RPC admin_list_users: one page of members with their settings and the number of matches. The
 * search is a substring of name, e-mail or phone (server-side, trigram-indexed), so it holds at
 * 100 000 members.
 */
export async function listUsers(client: AppSupabaseClient, params: UserListParams, signal?: AbortSignal) {
  let request = client.rpc('admin_list_users', {
    p_search: params.search.trim() || undefined,
    p_email_confirmed: params.emailConfirmed ?? undefined,
    p_membership_level: (params.level as MembershipLevel | null) ?? undefined,
    p_sort: params.sort,
    p_ascending: params.ascending,
    p_limit: USERS_PAGE_SIZE,
    p_offset: params.page * USERS_PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  const counted = Number(rows[0]?.total_count ?? 0);
  const cap = params.search.trim() ? USERS_SEARCH_COUNT_CAP : USERS_COUNT_CAP;
  return { rows, total: Math.min(counted, cap), more: counted > cap };
}

export type AdminUser = Awaited<ReturnType<typeof listUsers>>['rows'][number];

/** Any range of the same list (the CSV export pages through it, at most 100 rows a request). */
export async function listUsersRange(
  client: AppSupabaseClient,
  params: Omit<UserListParams, 'page'>,
  offset: number,
  limit: number,
) {
  return unwrap(
    await client.rpc('admin_list_users', {
      p_search: params.search.trim() || undefined,
      p_email_confirmed: params.emailConfirmed ?? undefined,
      p_membership_level: (params.level as MembershipLevel | null) ?? undefined,
      p_sort: params.sort,
      p_ascending: params.ascending,
      p_limit: Math.min(limit, 100),
      p_offset: offset,
    }),
  );
}

export const usersQueryOptions = (getClient: () => Promise<AppSupabaseClient>, params: UserListParams) =>
  queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: async ({ signal }) => listUsers(await getClient(), params, signal),
    staleTime: USERS_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: UserListParams) {
  const { getClient } = useSupabase();
  return useQuery(usersQueryOptions(getClient, params));
}
