import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementKeys } from '@/data/announcements/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** product.md#dashboard-7, §9: "select active rows, limit 10". */
export const ANNOUNCEMENTS_LIMIT = 10;

/**
 * The active announcements, newest first. The query filters `active` itself: RLS lets admins read
 * inactive ones too, and the banner must never show those.
 */
export async function getActiveAnnouncements(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('announcements')
    .select('id, content, created_at')
    .eq('active', true)
    .order('created_at', { ascending: false })
    .limit(ANNOUNCEMENTS_LIMIT);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type Announcement = Awaited<ReturnType<typeof getActiveAnnouncements>>[number];

export const activeAnnouncementsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: announcementKeys.active(),
    queryFn: async ({ signal }) => getActiveAnnouncements(await getClient(), signal),
    staleTime: 5 * 60_000,
  });

export function useActiveAnnouncements() {
  const { getClient } = useSupabase();
  return useQuery(activeAnnouncementsQueryOptions(getClient));
}
