import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from '../../shared/api/keys';
import { IDEA_IMAGES_BUCKET as BUCKET, ideaImagePath } from '@/lib/ideas/image-urls';
import { removeFiles } from '../../shared/utils/storage';

/**
 * Deletes an idea and its images: the files first (through the Storage API), then the row with RPC
 * admin_delete_idea, then anything the database still names (an image it knew by another URL).
 */
export async function deleteIdea(client: AppSupabaseClient, idea: { id: string; imageUrls: readonly string[] }) {
  const paths = idea.imageUrls.map(ideaImagePath).filter((path): path is string => path !== null);
  if (paths.length > 0)
    await removeFiles(
      client,
      paths.map((path) => ({ bucket: BUCKET, path })),
    );
  const named = unwrap(await client.rpc('admin_delete_idea', { p_idea_id: idea.id })) ?? [];
  const rest = named.filter((path) => !paths.includes(path));
  const leftovers =
    rest.length > 0
      ? await removeFiles(
          client,
          rest.map((path) => ({ bucket: BUCKET, path })),
        )
      : [];
  return { leftovers };
}

export const deleteIdeaMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...adminKeys.ideas(), 'delete'] as const,
    mutationFn: async (idea: { id: string; imageUrls: readonly string[] }) => deleteIdea(await getClient(), idea),
  });

export function useDeleteIdea() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteIdeaMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.ideas() }),
  });
}
