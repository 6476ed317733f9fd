import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { ideasKeys, refreshIdeas } from './keys';

export type SetStatusInput = { ideaId: string; status: 'approved' | 'rejected' };

/** RPC admin_set_idea_status: admins move a pending idea to approved or rejected. */
export async function setIdeaStatus(client: AppSupabaseClient, input: SetStatusInput): Promise<void> {
  unwrap(await client.rpc('admin_set_idea_status', { p_idea_id: input.ideaId, p_status: input.status }));
}

export const setIdeaStatusMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ideasKeys.setStatus(),
    mutationFn: async (input: SetStatusInput) => setIdeaStatus(await getClient(), input),
    // Also after a failure: "already reviewed" means the list is out of date.
    onSettled: () => refreshIdeas(queryClient),
  });

export function useSetIdeaStatus() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(setIdeaStatusMutationOptions(getClient, queryClient));
}
