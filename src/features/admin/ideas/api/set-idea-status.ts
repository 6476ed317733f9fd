import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { adminKeys } from '../../shared/api/keys';

export type IdeaReview = { ideaId: string; status: 'approved' | 'rejected' };

/** RPC admin_set_idea_status: pending → approved or rejected (once). */
export async function setIdeaStatus(client: AppSupabaseClient, input: IdeaReview) {
  return unwrap(await client.rpc('admin_set_idea_status', { p_idea_id: input.ideaId, p_status: input.status }));
}

export const setIdeaStatusMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...adminKeys.ideas(), 'status'] as const,
    mutationFn: async (input: IdeaReview) => setIdeaStatus(await getClient(), input),
  });

export function useSetIdeaStatus() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...setIdeaStatusMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.ideas() }),
  });
}
