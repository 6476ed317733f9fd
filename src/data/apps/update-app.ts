import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { appsKeys } from '@/data/apps/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

import { removeAppImage, uploadAppImage, type AppImageUpload } from './app-image';
import type { AppFields } from './create-app';

export type AppUpdate = {
  id: string;
  fields: AppFields;
  /** A new image, 'remove' to drop the current one, or null to keep it. */
  image: AppImageUpload | 'remove' | null;
  /** The image the row had, removed from storage once the row no longer points at it. */
  previousImageUrl: string | null;
};

const NO_IMAGE = { image_url: null, image_width: null, image_height: null, image_size: null };

/** Apps update by id; a replaced or removed image file is deleted from app-images afterwards. */
export async function updateApp(client: AppSupabaseClient, input: AppUpdate) {
  const image =
    input.image === 'remove' ? NO_IMAGE : input.image ? await uploadAppImage(client, input.image) : undefined;
  const result = await client
    .from('apps')
    .update({ ...input.fields, ...(image ?? {}) })
    .eq('id', input.id)
    .select()
    .maybeSingle();
  if ((result.error || !result.data) && image?.image_url) await removeAppImage(client, image.image_url);
  const row = unwrap(result);
  if (!row) throw new AppError('http.not_found');
  if (image && input.previousImageUrl && input.previousImageUrl !== row.image_url) {
    await removeAppImage(client, input.previousImageUrl);
  }
  return row;
}

export const updateAppMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: appsKeys.update(),
    mutationFn: async (input: AppUpdate) => updateApp(await getClient(), input),
  });

export function useUpdateApp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAppMutationOptions(getClient),
    // The admin list and the members' catalogue share the domain's root: both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}
