import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { authKeys } from './keys';

/** PUT /user {password}: needs the session the reset link's code was exchanged for. */
export async function updatePassword(client: AppSupabaseClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw error;
}

export const updatePasswordMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.updatePassword(),
    mutationFn: async (password: string) => updatePassword(await getClient(), password),
  });

export function useUpdatePassword() {
  const { getClient } = useSupabase();
  return useMutation(updatePasswordMutationOptions(getClient));
}
