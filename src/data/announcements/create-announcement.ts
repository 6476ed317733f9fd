import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '@/data/announcements/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** Announcements insert {content, active true} (product.md#dashboard-7 Admin). */
export async function createAnnouncement(client: AppSupabaseClient, content: string) {
  return unwrap(await client.from('announcements').insert({ content, active: true }).select().single());
}

export const createAnnouncementMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: announcementKeys.create(),
    mutationFn: async (content: string) => createAnnouncement(await getClient(), content),
  });

export function useCreateAnnouncement() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...createAnnouncementMutationOptions(getClient),
    // The admin list and the members' banner share the domain's root: both are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
