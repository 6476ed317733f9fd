import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { appsKeys } from '@/data/apps/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { TablesInsert } from '@/types/database.types';

import { removeAppImage, uploadAppImage, type AppImageUpload } from './app-image';

export type AppFields = Omit<
  TablesInsert<'apps'>,
  'id' | 'created_at' | 'updated_at' | 'image_url' | 'image_width' | 'image_height' | 'image_size'
>;

/** Apps insert: the image goes to app-images first; if the row is refused, the file is removed again. */
export async function createApp(client: AppSupabaseClient, input: { fields: AppFields; image: AppImageUpload | null }) {
  const image = input.image ? await uploadAppImage(client, input.image) : null;
  const result = await client
    .from('apps')
    .insert({ ...input.fields, ...(image ?? {}) })
    .select()
    .single();
  if (result.error && image) await removeAppImage(client, image.image_url);
  return unwrap(result);
}

export const createAppMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: appsKeys.create(),
    mutationFn: async (input: { fields: AppFields; image: AppImageUpload | null }) =>
      createApp(await getClient(), input),
  });

export function useCreateApp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...createAppMutationOptions(getClient),
    // The admin list and the members' catalogue share the domain's root: both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}
