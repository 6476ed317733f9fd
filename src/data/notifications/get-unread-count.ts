import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { NOTIFICATIONS_POLL_INTERVAL_MS } from './get-notifications';
import { notificationKeys } from './keys';

/** The bell's number: the caller's notifications without read_at (a HEAD request, counted by the partial index). */
export async function getUnreadCount(client: AppSupabaseClient, userId: string, signal?: AbortSignal): Promise<number> {
  let request = client
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .is('read_at', null);
  if (signal) request = request.abortSignal(signal);
  const { count, error, status } = await request;
  if (error) throw toAppError(error, status);
  return count ?? 0;
}

export const unreadCountQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string, live: boolean) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: async ({ signal }) => getUnreadCount(await getClient(), userId, signal),
    staleTime: live ? Infinity : 0,
    refetchInterval: live ? false : NOTIFICATIONS_POLL_INTERVAL_MS,
  });
