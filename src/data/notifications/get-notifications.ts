import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { notificationKeys } from './keys';

/** The slide-over panel shows the latest 50; the community page the latest 10 (product.md#dashboard-9). */
export const NOTIFICATIONS_PANEL_LIMIT = 50;
export const COMMUNITY_NOTIFICATIONS_LIMIT = 10;

/** Without a Realtime connection the lists and the unread count are asked again every 30 s. */
export const NOTIFICATIONS_POLL_INTERVAL_MS = 30_000;

// One literal, so supabase-js types the rows from it.
const COLUMNS = 'id, type, title, content, data, created_at, read_at';

export type Notification = Pick<
  Tables<'notifications'>,
  'id' | 'type' | 'title' | 'content' | 'data' | 'created_at' | 'read_at'
>;

/** A row as Realtime delivers it (every column) reduced to what the lists hold. */
export function toNotification(row: Notification): Notification {
  const { id, type, title, content, data, created_at, read_at } = row;
  return { id, type, title, content, data, created_at, read_at };
}

/** product.md#dashboard-7: own rows, newest first. RLS limits the select to the caller's rows. */
export async function getNotifications(
  client: AppSupabaseClient,
  userId: string,
  limit: number,
  signal?: AbortSignal,
): Promise<Notification[]> {
  let request = client
    .from('notifications')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

/**
 * `live`: the Realtime channel is subscribed, so new rows arrive by themselves and the list is
 * asked once. Otherwise it is asked again whenever it is shown and every 30 s while it is.
 */
export const notificationsQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  userId: string,
  limit: number,
  live: boolean,
) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, limit),
    queryFn: async ({ signal }) => getNotifications(await getClient(), userId, limit, signal),
    staleTime: live ? Infinity : 0,
    refetchOnMount: live ? true : 'always',
    refetchInterval: live ? false : NOTIFICATIONS_POLL_INTERVAL_MS,
  });
