import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usersKeys } from './keys';

export type UserDeletion = {
  userId: string;
  /** Why (required): recorded in the audit trail and in 'Wnioski RODO'. */
  reason: string;
  /** The e-mailed erasure request this deletion answers, when there is one. */
  requestId?: string | null;
};

/**
 * 'Usuń użytkownika' (RPC admin_delete_user): the member's erasure, the same one as their own 'Usuń
 * konto', with the admin's reason. The database refuses while the member holds money or waits for a
 * payout; the member's stored files are removed after the commit by the remove-stored-files function
 * (through the Storage API, retried until done). Resolves with the request's id in 'Wnioski RODO'.
 */
export async function deleteUser(client: AppSupabaseClient, deletion: UserDeletion): Promise<string> {
  return unwrap(
    await client.rpc('admin_delete_user', {
      p_user_id: deletion.userId,
      p_reason: deletion.reason,
      ...(deletion.requestId && { p_request_id: deletion.requestId }),
    }),
  );
}

export const deleteUserMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usersKeys.delete(),
    mutationFn: async (deletion: UserDeletion) => deleteUser(await getClient(), deletion),
  });

export function useDeleteUser() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteUserMutationOptions(getClient),
    // The member's rows go in every domain (orders, wallet, ideas, posts, audit, requests): every read is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
