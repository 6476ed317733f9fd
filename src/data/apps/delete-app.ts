import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { appsKeys } from '@/data/apps/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

import { removeAppImage } from './app-image';

/** Apps delete by id, then its image from app-images. Resolves with the files that could not be removed. */
export async function deleteApp(client: AppSupabaseClient, id: string): Promise<{ leftovers: string[] }> {
  const row = unwrap(await client.from('apps').delete().eq('id', id).select('image_url').maybeSingle());
  // RLS hides the row from anyone but an admin: nothing deleted is a refusal, not a success.
  if (!row) throw new AppError('http.not_found');
  return { leftovers: await removeAppImage(client, row.image_url) };
}

export const deleteAppMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: appsKeys.delete(),
    mutationFn: async (id: string) => deleteApp(await getClient(), id),
  });

export function useDeleteApp() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAppMutationOptions(getClient),
    // The admin list and the members' catalogue share the domain's root: both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsKeys.all }),
  });
}
