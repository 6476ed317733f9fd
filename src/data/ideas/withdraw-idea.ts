import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { IDEA_IMAGES_BUCKET } from './image-urls';
import { ideasKeys, refreshIdeas } from './keys';

/**
 * A member withdraws their own pending idea (RPC withdraw_idea, which checks both in the database),
 * then removes its images through the Storage API: the idea-images policy lets an author remove
 * their files only once no idea refers to them, so here the row goes first. `leftovers` counts the
 * files Storage did not remove (they stay in the member's own folder, unreferenced).
 */
export async function withdrawIdea(client: AppSupabaseClient, ideaId: string): Promise<{ leftovers: number }> {
  const paths = unwrap(await client.rpc('withdraw_idea', { p_idea_id: ideaId })) ?? [];
  if (paths.length === 0) return { leftovers: 0 };
  const { data, error } = await client.storage.from(IDEA_IMAGES_BUCKET).remove(paths);
  return { leftovers: error ? paths.length : Math.max(0, paths.length - (data?.length ?? 0)) };
}

export const withdrawIdeaMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ideasKeys.withdraw(),
    mutationFn: async (ideaId: string) => withdrawIdea(await getClient(), ideaId),
    onSettled: () => refreshIdeas(queryClient),
  });

export function useWithdrawIdea() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(withdrawIdeaMutationOptions(getClient, queryClient));
}
