/** Mutation keys of the notifications feature (its queries are keyed in lib/notifications/keys.ts). */
export const notificationMutationKeys = {
  all: ['notifications-feature'] as const,
  markRead: () => [...notificationMutationKeys.all, 'mark-read'] as const,
  markAllRead: () => [...notificationMutationKeys.all, 'mark-all-read'] as const,
};
