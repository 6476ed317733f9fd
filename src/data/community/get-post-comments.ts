import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** Comments are read 20 at a time: the latest first, earlier ones on demand. */
export const COMMENTS_PAGE_SIZE = 20;

/**
 * RPC get_post_comments: one page of a post's comments — the latest COMMENTS_PAGE_SIZE after
 * `offset` newer ones — oldest first, with the authors' names.
 */
export async function getPostComments(client: AppSupabaseClient, postId: string, offset: number, signal?: AbortSignal) {
  let request = client.rpc('get_post_comments', { p_post_id: postId, p_limit: COMMENTS_PAGE_SIZE, p_offset: offset });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PostComment = Awaited<ReturnType<typeof getPostComments>>[number];

export const postCommentsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, postId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: async ({ pageParam, signal }) => getPostComments(await getClient(), postId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: PostComment[], pages: PostComment[][]) =>
      last.length === COMMENTS_PAGE_SIZE ? pages.length * COMMENTS_PAGE_SIZE : undefined,
    staleTime: 30_000,
  });

export function usePostComments(postId: string) {
  const { getClient } = useSupabase();
  return useInfiniteQuery(postCommentsQueryOptions(getClient, postId));
}

/** The loaded pages as one list, oldest first (each page is oldest first; later pages are older). */
export function commentsInOrder(pages: readonly PostComment[][]): PostComment[] {
  const seen = new Set<string>();
  return [...pages]
    .reverse()
    .flat()
    .filter((comment) => (seen.has(comment.id) ? false : (seen.add(comment.id), true)));
}
