import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/data/profile/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { settingsKeys } from './keys';

export const AVATAR_BUCKET = 'avatars';

/** avatars/{userId}/{timestamp}.jpg: a new name each time, so no cache ever shows the old picture. */
export function avatarPath(userId: string, now = Date.now()): string {
  return `${userId}/${now}.jpg`;
}

/**
 * The cropped avatar (a 400×400 JPEG named avatar.jpg) goes to avatars/{userId}/{timestamp}.jpg
 * (cache 3600 s, upsert), its public URL into the profile through update_user_profile (product.md#dashboard
 * §7). Then every other file of the member's folder is removed: the replaced avatar, and any left
 * by an upload that failed half-way. If the profile cannot be updated the new file is removed.
 */
export async function uploadAvatar(client: AppSupabaseClient, userId: string, file: File): Promise<string> {
  const storage = client.storage.from(AVATAR_BUCKET);
  const path = avatarPath(userId);
  const uploaded = await storage.upload(path, file, {
    cacheControl: '3600',
    upsert: true,
    contentType: 'image/jpeg',
  });
  if (uploaded.error) throw new AppError('settings.avatar_upload_failed', { cause: uploaded.error });
  const publicUrl = storage.getPublicUrl(path).data.publicUrl;
  if (!publicUrl) throw new AppError('files.url_failed');

  const updated = await client.rpc('update_user_profile', { p_user_id: userId, p_avatar_url: publicUrl });
  if (updated.error) {
    await storage.remove([path]).catch(() => undefined);
    unwrap(updated);
  }
  await removeOtherAvatars(client, userId, path);
  return publicUrl;
}

async function removeOtherAvatars(client: AppSupabaseClient, userId: string, keep: string): Promise<void> {
  try {
    const storage = client.storage.from(AVATAR_BUCKET);
    const listed = await storage.list(userId, { limit: 100 });
    if (listed.error) throw listed.error;
    const stale = listed.data.map((entry) => `${userId}/${entry.name}`).filter((path) => path !== keep);
    if (stale.length === 0) return;
    const removed = await storage.remove(stale);
    if (removed.error) throw removed.error;
  } catch (error) {
    // The new avatar is in place; an old file left behind is removed with the next change.
    console.warn('Removing the previous avatar failed', error);
  }
}

export const uploadAvatarMutationOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  mutationOptions({
    mutationKey: settingsKeys.uploadAvatar(),
    mutationFn: async (file: File) => uploadAvatar(await getClient(), userId, file),
  });

export function useUploadAvatar() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadAvatarMutationOptions(getClient, user?.id ?? ''),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
