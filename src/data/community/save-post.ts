import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { communityKeys } from '@/data/community/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

export type PostInput = { title: string; content: string };

/**
 * Publishes a post as the signed-in admin (policy posts_insert_admin: aal2, author_id = the caller)
 * or, with `id`, edits its title and content (posts_update_admin). Both are in the audit log.
 */
export async function savePost(client: AppSupabaseClient, input: PostInput & { id?: string; authorId: string }) {
  const values = { title: input.title, content: input.content };
  if (input.id) {
    return unwrap(await client.from('posts').update(values).eq('id', input.id).select('id').single());
  }
  return unwrap(
    await client
      .from('posts')
      .insert({ ...values, author_id: input.authorId })
      .select('id')
      .single(),
  );
}

export const savePostMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: communityKeys.savePost(),
    mutationFn: async (input: PostInput & { id?: string; authorId: string }) => savePost(await getClient(), input),
    // The admin list and the members' feed read the same rows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });

export function useSavePost() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(savePostMutationOptions(getClient, queryClient));
}
