import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** The 100 newest community posts, for the admin tab (the members' feed pages through all of them). */
export async function listPosts(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('posts')
    .select('id, title, content, created_at, updated_at')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(100);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type AdminPost = Awaited<ReturnType<typeof listPosts>>[number];

export const postsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: communityKeys.adminList(),
    queryFn: async ({ signal }) => listPosts(await getClient(), signal),
  });

export function useAdminPosts() {
  const { getClient } = useSupabase();
  return useQuery(postsQueryOptions(getClient));
}
