import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usersKeys } from './keys';

/** RPC admin_confirm_email: activates the account as the activation link would (idempotent). */
export async function confirmEmail(client: AppSupabaseClient, userId: string) {
  return unwrap(await client.rpc('admin_confirm_email', { p_user_id: userId }));
}

export const confirmEmailMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usersKeys.confirmEmail(),
    mutationFn: async (userId: string) => confirmEmail(await getClient(), userId),
  });

export function useConfirmEmail() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmEmailMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
