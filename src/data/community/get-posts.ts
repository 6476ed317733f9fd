import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Database } from '@/types/database.types';
import { reactionCountsSchema, type ReactionType } from './post.schema';

export const POSTS_PAGE_SIZE = 20;

type PostRow = Database['public']['Functions']['get_posts']['Returns'][number];

export type Post = Omit<PostRow, 'reaction_counts' | 'total_count'> & {
  reaction_counts: Record<ReactionType, number>;
};

export type PostsPage = { posts: Post[]; total: number; offset: number };
export type PostsData = InfiniteData<PostsPage, number>;

/**
 * RPC get_posts: one page of posts, newest first, with the author's name, reaction counts, the
 * caller's reactions and the comment count (product.md#dashboard-7 "posts with reactions and comments
 * select", in one call).
 */
export async function getPosts(client: AppSupabaseClient, offset: number, signal?: AbortSignal): Promise<PostsPage> {
  let request = client.rpc('get_posts', { p_limit: POSTS_PAGE_SIZE, p_offset: offset });
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  const posts = rows.map(({ total_count: _total, reaction_counts, ...post }) => {
    const counts = reactionCountsSchema().safeParse(reaction_counts);
    if (!counts.success) throw new AppError('community.invalid_answer', { cause: counts.error });
    return { ...post, reaction_counts: counts.data };
  });
  return { posts, total: rows[0]?.total_count ?? 0, offset };
}

export const postsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  infiniteQueryOptions({
    queryKey: communityKeys.posts(),
    queryFn: async ({ pageParam, signal }) => getPosts(await getClient(), pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: PostsPage) => {
      const next = last.offset + POSTS_PAGE_SIZE;
      return next < last.total ? next : undefined;
    },
    staleTime: 30_000,
  });

export function usePosts() {
  const { getClient } = useSupabase();
  return useInfiniteQuery(postsQueryOptions(getClient));
}
