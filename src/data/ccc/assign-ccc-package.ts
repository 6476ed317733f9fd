import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

export type CccAssignment = { userId: string; tier: Enums<'ccc_tier'>; quantity: number };

/** RPC admin_assign_ccc_package: 1–10 packages of a tier, never more than its free slots (locked on the server). */
export async function assignCccPackage(client: AppSupabaseClient, input: CccAssignment) {
  return unwrap(
    await client.rpc('admin_assign_ccc_package', {
      p_user_id: input.userId,
      p_tier: input.tier,
      p_quantity: input.quantity,
    }),
  );
}

export const assignCccPackageMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: cccKeys.assign(),
    mutationFn: async (input: CccAssignment) => assignCccPackage(await getClient(), input),
  });

/** Slots are never optimistic: availability and the member's packages are read again. */
export function useAssignCccPackage() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...assignCccPackageMutationOptions(getClient),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cccKeys.availability() }),
        queryClient.invalidateQueries({ queryKey: cccKeys.packages(input.userId) }),
      ]),
  });
}
