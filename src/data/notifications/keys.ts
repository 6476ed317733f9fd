/**
 * Query keys of the member's notifications: read by the header's bell (unread count), the
 * notifications panel and the community page (lists), and kept live by the Realtime subscription.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  ofUser: (userId: string) => [...notificationKeys.all, userId] as const,
  /** Every list of the user, whatever its length: the Realtime subscription prepends to all of them. */
  lists: (userId: string) => [...notificationKeys.ofUser(userId), 'list'] as const,
  list: (userId: string, limit: number) => [...notificationKeys.lists(userId), limit] as const,
  unreadCount: (userId: string) => [...notificationKeys.ofUser(userId), 'unread-count'] as const,
};

/** Mutation keys of marking notifications read (the queries are keyed by notificationKeys above). */
export const notificationMutationKeys = {
  all: ['notifications-feature'] as const,
  markRead: () => [...notificationMutationKeys.all, 'mark-read'] as const,
  markAllRead: () => [...notificationMutationKeys.all, 'mark-all-read'] as const,
};
