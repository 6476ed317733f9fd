import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { IDEA_IMAGES_BUCKET, ideaImagePath } from './image-urls';
import { ideasKeys, refreshIdeas } from './keys';

export type DeleteIdeaInput = { ideaId: string; imageUrls: readonly string[] };

/**
 * Deletes an idea and its images, for the board's admin actions and the admin moderation tab alike,
 * without ever leaving a file behind (docs/decisions.md): the files
 * go first, through the Storage API (admins may remove any file of idea-images), then the RPC
 * admin_delete_idea deletes the idea, which it refuses while any of its images is still stored.
 * A failure after the files are gone leaves the idea, which the next attempt deletes.
 */
export async function deleteIdea(client: AppSupabaseClient, input: DeleteIdeaInput): Promise<void> {
  const paths = input.imageUrls.map(ideaImagePath).filter((path): path is string => path !== null);
  if (paths.length > 0) {
    const { error } = await client.storage.from(IDEA_IMAGES_BUCKET).remove(paths);
    if (error) throw new AppError('ideas.images_remaining', { cause: error });
  }
  unwrap(await client.rpc('admin_delete_idea', { p_idea_id: input.ideaId }));
}

export const deleteIdeaMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ideasKeys.delete(),
    mutationFn: async (input: DeleteIdeaInput) => deleteIdea(await getClient(), input),
    onSettled: () => refreshIdeas(queryClient),
  });

export function useDeleteIdea() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(deleteIdeaMutationOptions(getClient, queryClient));
}
