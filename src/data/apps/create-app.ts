import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { TablesInsert } from '@/types/database.types';
import { appsKeys } from '@/data/apps/keys';
import { adminKeys } from '@/data/admin-keys';
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
    mutationKey: [...adminKeys.apps(), 'create'] as const,
    mutationFn: async (input: { fields: AppFields; image: AppImageUpload | null }) =>
      createApp(await getClient(), input),
  });

export function useCreateApp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...createAppMutationOptions(getClient),
    // The members' view of the same rows (the apps catalogue) follows too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.apps() }),
        queryClient.invalidateQueries({ queryKey: appsKeys.all }),
      ]),
  });
}
