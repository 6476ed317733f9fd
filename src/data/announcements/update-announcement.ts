import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { announcementKeys } from '@/data/announcements/keys';
import { adminKeys } from '@/data/admin-keys';

export type AnnouncementChange = { id: string } & ({ content: string } | { active: boolean });

/** Announcements update of content or active by id; no row back means the change was refused. */
export async function updateAnnouncement(client: AppSupabaseClient, { id, ...change }: AnnouncementChange) {
  const row = unwrap(await client.from('announcements').update(change).eq('id', id).select().maybeSingle());
  if (!row) throw new AppError('http.not_found');
  return row;
}

export const updateAnnouncementMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...adminKeys.announcements(), 'update'] as const,
    mutationFn: async (change: AnnouncementChange) => updateAnnouncement(await getClient(), change),
  });

export function useUpdateAnnouncement() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAnnouncementMutationOptions(getClient),
    // The members' view of the same rows (the banner above every page) follows too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.announcements() }),
        queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
      ]),
  });
}
