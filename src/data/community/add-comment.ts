import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { updatePost } from './toggle-reaction';

/** Insert post_comments {post_id, user_id, content}; RLS: user_id must be the caller. */
export async function addComment(client: AppSupabaseClient, userId: string, postId: string, content: string) {
  unwrap(await client.from('post_comments').insert({ post_id: postId, user_id: userId, content }));
}

export const addCommentMutationOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  queryClient: QueryClient,
  userId: string,
  postId: string,
) =>
  mutationOptions({
    mutationKey: communityKeys.addComment(postId),
    mutationFn: async (content: string) => addComment(await getClient(), userId, postId, content),
    onSuccess: async () => {
      updatePost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
      await queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
    },
  });

export function useAddComment(postId: string) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation(addCommentMutationOptions(getClient, queryClient, user?.id ?? '', postId));
}
