import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { announcementKeys } from './keys';

/** Announcements select, newest first (admins see inactive ones too). */
export async function listAnnouncements(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('announcements').select('*').order('created_at', { ascending: false }).order('id');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type Announcement = Awaited<ReturnType<typeof listAnnouncements>>[number];

export const announcementsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: announcementKeys.adminList(),
    queryFn: async ({ signal }) => listAnnouncements(await getClient(), signal),
  });

export function useAnnouncements() {
  const { getClient } = useSupabase();
  return useQuery(announcementsQueryOptions(getClient));
}
