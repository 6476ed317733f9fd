import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { removeFiles } from '@/lib/storage';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usersKeys } from './keys';

/**
 * RPC admin_delete_user, then the member's files (avatars, idea images) through the Storage API.
 * The database refuses while the member holds money or waits for a payout; it returns the files
 * only once the account is gone. Resolves with the files that could not be removed.
 */
export async function deleteUser(client: AppSupabaseClient, userId: string): Promise<{ leftovers: string[] }> {
  const files = unwrap(await client.rpc('admin_delete_user', { p_user_id: userId }));
  const leftovers = await removeFiles(
    client,
    files.map((file) => ({ bucket: file.bucket_id, path: file.name })),
  );
  return { leftovers };
}

export const deleteUserMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usersKeys.delete(),
    mutationFn: async (userId: string) => deleteUser(await getClient(), userId),
  });

export function useDeleteUser() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteUserMutationOptions(getClient),
    // The member's rows go in every domain (orders, wallet, ideas, posts, audit): every read is read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
