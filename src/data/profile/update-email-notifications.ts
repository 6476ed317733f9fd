import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@/data/profile/get-own-profile';
import { profileKeys } from '@/data/profile/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Json } from '@/types/database.types';
import { settingsKeys } from './keys';

/**
 * PATCH user_settings.notification_preferences of the member's own row (the only settings column
 * of it a member may write besides the display name, avatar and theme; RLS: their own row). The
 * database checks the object (known keys, booleans only, at most 20: settings.invalid_notification_preferences)
 * and answers with what it stored.
 */
export async function updateEmailNotifications(
  client: AppSupabaseClient,
  userId: string,
  preferences: Record<string, Json>,
  signal?: AbortSignal,
) {
  let request = client
    .from('user_settings')
    .update({ notification_preferences: preferences })
    .eq('user_id', userId)
    .select('notification_preferences');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single()).notification_preferences;
}

export const updateEmailNotificationsMutationOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  mutationOptions({
    mutationKey: settingsKeys.emailNotifications(),
    mutationFn: async (preferences: Record<string, Json>) =>
      updateEmailNotifications(await getClient(), userId, preferences),
  });

/** Saves the switches; the cached profile takes the stored preferences at once, then is read again. */
export function useUpdateEmailNotifications() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...updateEmailNotificationsMutationOptions(getClient, userId),
    onSuccess: async (stored) => {
      queryClient.setQueryData<OwnProfile>(profileKeys.own(userId), (profile) =>
        profile?.user_settings
          ? { ...profile, user_settings: { ...profile.user_settings, notification_preferences: stored } }
          : profile,
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
