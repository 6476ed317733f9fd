import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { communityKeys } from './keys';

/** RPC get_post_comments: a post's comments, oldest first, with the authors' names. */
export async function getPostComments(client: AppSupabaseClient, postId: string, signal?: AbortSignal) {
  let request = client.rpc('get_post_comments', { p_post_id: postId });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PostComment = Awaited<ReturnType<typeof getPostComments>>[number];

export const postCommentsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, postId: string) =>
  queryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: async ({ signal }) => getPostComments(await getClient(), postId, signal),
    staleTime: 30_000,
  });

export function usePostComments(postId: string) {
  const { getClient } = useSupabase();
  return useQuery(postCommentsQueryOptions(getClient, postId));
}
