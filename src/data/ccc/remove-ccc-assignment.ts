import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** RPC admin_remove_ccc_assignment: removes one of a member's packages; its slot is free at once. */
export async function removeCccAssignment(client: AppSupabaseClient, assignmentId: string) {
  return unwrap(await client.rpc('admin_remove_ccc_assignment', { p_assignment_id: assignmentId }));
}

export const removeCccAssignmentMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: cccKeys.removeAssignment(),
    mutationFn: async (input: { assignmentId: string; userId: string }) =>
      removeCccAssignment(await getClient(), input.assignmentId),
  });

export function useRemoveCccAssignment() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...removeCccAssignmentMutationOptions(getClient),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cccKeys.availability() }),
        queryClient.invalidateQueries({ queryKey: cccKeys.packages(input.userId) }),
      ]),
  });
}
