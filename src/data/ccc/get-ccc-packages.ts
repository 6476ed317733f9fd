import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { cccKeys } from './keys';

/**
 * RPC get_user_ccc_packages: a member's packages, active first — the member's own ('Twoje pakiety')
 * or, for an admin, anyone's (the assignment dialog). One key per member for both.
 */
export async function getUserPackages(client: AppSupabaseClient, userId: string, signal?: AbortSignal) {
  let request = client.rpc('get_user_ccc_packages', { p_user_id: userId });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type UserPackage = Awaited<ReturnType<typeof getUserPackages>>[number];

export const userPackagesQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: cccKeys.packages(userId),
    queryFn: async ({ signal }) => getUserPackages(await getClient(), userId, signal),
  });

export function useUserPackages(userId: string) {
  const { getClient } = useSupabase();
  return useQuery({ ...userPackagesQueryOptions(getClient, userId), enabled: userId !== '' });
}
