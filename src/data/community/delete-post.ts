import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** Deletes a post with its reactions and comments (policy posts_delete_authenticated: admins only). */
export async function deletePost(client: AppSupabaseClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('posts').delete().eq('id', id).select('id'));
  if (rows.length === 0) throw new AppError('admin.community.delete_failed');
}

export const deletePostMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: communityKeys.deletePost(),
    mutationFn: async (id: string) => deletePost(await getClient(), id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });

export function useDeletePost() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(deletePostMutationOptions(getClient, queryClient));
}
