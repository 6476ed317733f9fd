import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/data/profile/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { MembershipLevel } from '@/types/db';
import { usersKeys } from './keys';

export type UserUpdate = {
  userId: string;
  fullName: string;
  /** E.164, or '' to clear the phone. */
  phone: string;
  level: MembershipLevel;
  emailConfirmed: boolean;
  /** The level's last day (YYYY-MM-DD), or '' to clear it (no end date). */
  validUntil: string;
};

/** RPC admin_update_user (the user edit modal): name, phone, level, its end date and e-mail confirmation at once (audited). */
export async function updateUser(client: AppSupabaseClient, input: UserUpdate) {
  return unwrap(
    await client.rpc('admin_update_user', {
      p_user_id: input.userId,
      p_full_name: input.fullName,
      p_phone: input.phone,
      p_membership_level: input.level,
      p_email_confirmed: input.emailConfirmed,
      ...(input.validUntil ? { p_membership_valid_until: input.validUntil } : { p_clear_valid_until: true }),
    }),
  );
}

export const updateUserMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usersKeys.update(),
    mutationFn: async (input: UserUpdate) => updateUser(await getClient(), input),
  });

export function useUpdateUser() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutationOptions(getClient),
    // The edited member may be the admin: their own header (badge, name) reads the profile too.
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.own(input.userId) }),
      ]),
  });
}
