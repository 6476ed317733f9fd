import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from '../../shared/api/keys';

/** RPC get_user_ccc_packages: a member's packages, active first (the admin may read anyone's). */
export async function getUserPackages(client: AppSupabaseClient, userId: string, signal?: AbortSignal) {
  let request = client.rpc('get_user_ccc_packages', { p_user_id: userId });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type UserPackage = Awaited<ReturnType<typeof getUserPackages>>[number];

export const userPackagesQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: adminKeys.userPackages(userId),
    queryFn: async ({ signal }) => getUserPackages(await getClient(), userId, signal),
  });

export function useUserPackages(userId: string) {
  const { getClient } = useSupabase();
  return useQuery(userPackagesQueryOptions(getClient, userId));
}
