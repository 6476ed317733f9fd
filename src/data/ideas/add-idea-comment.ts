import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ideasKeys } from '@/data/ideas/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { updateBoardIdea } from './get-ideas-board';

export type AddCommentInput = { ideaId: string; userId: string; content: string };

/** Insert into idea_comments {idea_id, user_id, content} (product.md#dashboard-7); RLS: only as oneself. */
export async function addIdeaComment(client: AppSupabaseClient, input: AddCommentInput): Promise<void> {
  unwrap(
    await client
      .from('idea_comments')
      .insert({ idea_id: input.ideaId, user_id: input.userId, content: input.content.trim() }),
  );
}

export const addIdeaCommentMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ideasKeys.addComment(),
    mutationFn: async (input: AddCommentInput) => addIdeaComment(await getClient(), input),
    onSuccess: async (_data, input) => {
      // The new comment counts on every board page that shows the idea (the server's count follows).
      updateBoardIdea(queryClient, input.ideaId, (idea) => ({ ...idea, comments_count: idea.comments_count + 1 }));
      // A first read of the list still on its way began before the insert: an invalidation would
      // join it (TanStack Query only cancels a running fetch that already has data) and the list
      // would stay without the new comment. Cancelled first, the list is read anew.
      await queryClient.cancelQueries({ queryKey: ideasKeys.comments(input.ideaId) });
      await queryClient.invalidateQueries({ queryKey: ideasKeys.comments(input.ideaId) });
    },
  });

export function useAddIdeaComment() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(addIdeaCommentMutationOptions(getClient, queryClient));
}
