import { mutationOptions, useMutation } from '@tanstack/react-query';
import { settingsKeys } from '@/data/profile/keys';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

export type PasswordChange = { currentPassword: string; newPassword: string };

/**
 * PUT /user {password, current_password}: with `[auth.email] require_current_password` Auth itself
 * refuses a wrong current password (current_password_mismatch), so the check is the server's, not
 * this page's. Auth keeps this session and signs the others out.
 */
export async function changePassword(client: AppSupabaseClient, change: PasswordChange): Promise<void> {
  const { error } = await client.auth.updateUser({
    password: change.newPassword,
    current_password: change.currentPassword,
  });
  if (error) throw error;
}

export const changePasswordMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: settingsKeys.changePassword(),
    mutationFn: async (change: PasswordChange) => changePassword(await getClient(), change),
  });

export function useChangePassword() {
  const { getClient } = useSupabase();
  return useMutation(changePasswordMutationOptions(getClient));
}
