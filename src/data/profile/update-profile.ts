import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@/data/profile/get-own-profile';
import { profileKeys } from '@/data/profile/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { settingsKeys } from './keys';

export type ProfileChanges = { fullName: string; displayName: string; phone: string };

/**
 * RPC update_user_profile {p_user_id, p_full_name, p_display_name, p_phone} (product.md#dashboard-7): one
 * call for the profile and the settings; an empty phone clears it. The server applies the profile
 * rules again (lengths, E.164) and answers with the stored values.
 */
export async function updateProfile(client: AppSupabaseClient, userId: string, changes: ProfileChanges) {
  const rows = unwrap(
    await client.rpc('update_user_profile', {
      p_user_id: userId,
      p_full_name: changes.fullName,
      p_display_name: changes.displayName,
      p_phone: changes.phone,
    }),
  );
  return rows[0] ?? null;
}

export type UpdatedProfile = Awaited<ReturnType<typeof updateProfile>>;

export const updateProfileMutationOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  mutationOptions({
    mutationKey: settingsKeys.updateProfile(),
    mutationFn: async (changes: ProfileChanges) => updateProfile(await getClient(), userId, changes),
  });

/** The answer replaces the cached profile's fields at once; then the profile is read again. */
export function useUpdateProfile() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...updateProfileMutationOptions(getClient, userId),
    onSuccess: async (updated) => {
      if (updated) {
        queryClient.setQueryData<OwnProfile>(profileKeys.own(userId), (profile) =>
          profile
            ? {
                ...profile,
                full_name: updated.full_name,
                phone: updated.phone,
                user_settings: profile.user_settings
                  ? { ...profile.user_settings, display_name: updated.display_name, avatar_url: updated.avatar_url }
                  : profile.user_settings,
              }
            : profile,
        );
      }
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
