import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { ReactionType } from './post.schema';
import type { Post, PostsData } from './get-posts';

export type ToggleReactionInput = { postId: string; type: ReactionType; add: boolean };

/**
 * product.md#dashboard-7: reactions insert {post_id, user_id, type}, delete by post and user (and type:
 * one reaction of each type per member). RLS lets members add and remove only their own.
 */
export async function toggleReaction(client: AppSupabaseClient, userId: string, input: ToggleReactionInput) {
  if (input.add) {
    unwrap(await client.from('post_reactions').insert({ post_id: input.postId, user_id: userId, type: input.type }));
  } else {
    unwrap(
      await client
        .from('post_reactions')
        .delete()
        .eq('post_id', input.postId)
        .eq('user_id', userId)
        .eq('type', input.type),
    );
  }
}

function applyToggle(post: Post, { type, add }: ToggleReactionInput): Post {
  const mine = post.my_reactions.includes(type);
  if (add === mine) return post;
  return {
    ...post,
    my_reactions: add ? [...post.my_reactions, type] : post.my_reactions.filter((reaction) => reaction !== type),
    reaction_counts: { ...post.reaction_counts, [type]: Math.max(0, post.reaction_counts[type] + (add ? 1 : -1)) },
  };
}

export function updatePost(queryClient: QueryClient, postId: string, update: (post: Post) => Post): void {
  queryClient.setQueryData<PostsData>(communityKeys.posts(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((post) => (post.id === postId ? update(post) : post)),
          })),
        }
      : data,
  );
}

/** Optimistic (CONVENTIONS: reactions): the count and the pressed state change at once and revert on failure. */
export const toggleReactionMutationOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  queryClient: QueryClient,
  userId: string,
  onFailure: (input: ToggleReactionInput) => void,
) =>
  mutationOptions<void, unknown, ToggleReactionInput>({
    mutationKey: communityKeys.toggleReaction(),
    mutationFn: async (input) => toggleReaction(await getClient(), userId, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.posts() });
      updatePost(queryClient, input.postId, (post) => applyToggle(post, input));
    },
    // Undo just this toggle (other posts' reactions may have changed meanwhile).
    onError: (_error, input) => {
      updatePost(queryClient, input.postId, (post) => applyToggle(post, { ...input, add: !input.add }));
      onFailure(input);
    },
  });

/** `onFailure`: the screen says so ('Nie udało się dodać reakcji', product.md#dashboard-8); the toggle is undone. */
export function useToggleReaction(onFailure: (input: ToggleReactionInput) => void) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation(toggleReactionMutationOptions(getClient, queryClient, user?.id ?? '', onFailure));
}
