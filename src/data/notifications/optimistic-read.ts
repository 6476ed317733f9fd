import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification } from '@/data/notifications/get-notifications';
import { notificationKeys } from '@/data/notifications/keys';

/** What the caches held before an optimistic read mark, to put back when the server refuses it. */
export type ReadSnapshot = {
  lists: [QueryKey, Notification[] | undefined][];
  unread: number | undefined;
};

/**
 * Marks the notifications `isTarget` picks as read in every list of the user and lowers the unread
 * count by as many as were unread. Returns what was there before.
 */
export async function markReadInCaches(
  queryClient: QueryClient,
  userId: string,
  isTarget: (notification: Notification) => boolean,
): Promise<ReadSnapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.ofUser(userId) });
  const lists = queryClient.getQueriesData<Notification[]>({ queryKey: notificationKeys.lists(userId) });
  const unread = queryClient.getQueryData<number>(notificationKeys.unreadCount(userId));
  const now = new Date().toISOString();
  const newlyRead = new Set<string>();
  for (const [key, list] of lists) {
    if (!list) continue;
    queryClient.setQueryData<Notification[]>(
      key,
      list.map((notification) => {
        if (notification.read_at !== null || !isTarget(notification)) return notification;
        newlyRead.add(notification.id);
        return { ...notification, read_at: now };
      }),
    );
  }
  if (unread !== undefined) {
    queryClient.setQueryData<number>(notificationKeys.unreadCount(userId), Math.max(0, unread - newlyRead.size));
  }
  return { lists, unread };
}

export function restoreCaches(queryClient: QueryClient, userId: string, snapshot: ReadSnapshot): void {
  for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
  queryClient.setQueryData(notificationKeys.unreadCount(userId), snapshot.unread);
}
