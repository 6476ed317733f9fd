import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '@/data/announcements/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

export type AnnouncementChange = { id: string } & ({ content: string } | { active: boolean });

/** Announcements update of content or active by id; no row back means the change was refused. */
export async function updateAnnouncement(client: AppSupabaseClient, { id, ...change }: AnnouncementChange) {
  const row = unwrap(await client.from('announcements').update(change).eq('id', id).select().maybeSingle());
  if (!row) throw new AppError('http.not_found');
  return row;
}

export const updateAnnouncementMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: announcementKeys.update(),
    mutationFn: async (change: AnnouncementChange) => updateAnnouncement(await getClient(), change),
  });

export function useUpdateAnnouncement() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAnnouncementMutationOptions(getClient),
    // The admin list and the members' banner share the domain's root: both are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
