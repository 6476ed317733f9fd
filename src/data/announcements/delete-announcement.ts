import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '@/data/announcements/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** Announcements delete by id. */
export async function deleteAnnouncement(client: AppSupabaseClient, id: string) {
  const row = unwrap(await client.from('announcements').delete().eq('id', id).select('id').maybeSingle());
  if (!row) throw new AppError('http.not_found');
}

export const deleteAnnouncementMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: announcementKeys.delete(),
    mutationFn: async (id: string) => deleteAnnouncement(await getClient(), id),
  });

export function useDeleteAnnouncement() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAnnouncementMutationOptions(getClient),
    // The admin list and the members' banner share the domain's root: both are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
