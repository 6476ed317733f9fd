import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { whenIdle } from '@/lib/main-thread';
import { useSupabase } from '@/lib/supabase-context';
import { notificationsQueryOptions, toNotification, type Notification } from './get-notifications';
import { unreadCountQueryOptions } from './get-unread-count';
import { notificationKeys } from './keys';
import { subscribeToNotifications, type ChannelStatus } from './realtime';
import { refreshAfterNotification } from './refresh-after-notification';

type NotificationsLive = {
  /** The Realtime channel is SUBSCRIBED: new notifications arrive by themselves (no polling). */
  live: boolean;
};

/** At the latest this long after the dashboard opens, the channel starts (whenIdle). */
export const CHANNEL_START_TIMEOUT_MS = 2_000;

const NotificationsLiveContext = createContext<NotificationsLive>({ live: false });

/** Puts a new notification at the top of every list of the user (once, trimmed to the list's length). */
export function prependNotification(queryClient: QueryClient, userId: string, notification: Notification): void {
  for (const [queryKey, list] of queryClient.getQueriesData<Notification[]>({
    queryKey: notificationKeys.lists(userId),
  })) {
    if (!list || list.some((item) => item.id === notification.id)) continue;
    const limit = queryKey[queryKey.length - 1];
    const next = [notification, ...list];
    queryClient.setQueryData(queryKey, typeof limit === 'number' ? next.slice(0, limit) : next);
  }
}

/**
 * Keeps the signed-in member's notifications live while the dashboard is open: one Realtime channel
 * (INSERT filtered by user_id). A new row is prepended to the lists, the unread count is asked
 * again, and so is what the row reports changed (refresh-after-notification.ts). Each time the
 * channel becomes SUBSCRIBED (at start and after a reconnect) the user's notification queries are
 * refreshed, so nothing sent while it was down is missed; while it is not
 * subscribed the queries poll every 30 s instead (get-notifications.ts). The channel is removed on
 * unmount and when the user changes or signs out.
 */
export function NotificationsLiveProvider({ children }: { children: ReactNode }) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;
  const [status, setStatus] = useState<{ userId: string; status: ChannelStatus } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let remove: (() => void) | undefined;

    const start = async () => {
      const client = await getClient();
      if (cancelled) return;
      const channel = await subscribeToNotifications(client, userId, {
        onInsert: (row) => {
          const notification = toNotification(row);
          prependNotification(queryClient, userId, notification);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount(userId) });
          // What the notification reports (a confirmed payment: the level badge) is read again at once.
          void refreshAfterNotification(queryClient, userId, notification);
        },
        onStatus: (next) => {
          if (cancelled) return;
          setStatus({ userId, status: next });
          if (next === 'SUBSCRIBED') void queryClient.invalidateQueries({ queryKey: notificationKeys.ofUser(userId) });
        },
      });
      remove = () => {
        client
          .removeChannel(channel)
          .catch((error: unknown) => console.warn('Removing the Realtime channel failed', error));
      };
      // Unmounted (or signed out) while the channel was being set up.
      if (cancelled) remove();
    };
    // The channel opens once the first screen is drawn and the browser is idle: its set-up (a
    // socket, the join, the first replies) then runs in tasks of its own, not beside the first render.
    const cancelStart = whenIdle(() => {
      start().catch((error: unknown) =>
        console.warn('Realtime: the notifications subscription could not start', error),
      );
    }, CHANNEL_START_TIMEOUT_MS);

    return () => {
      cancelled = true;
      cancelStart();
      remove?.();
    };
  }, [userId, getClient, queryClient]);

  const live = status !== null && status.userId === userId && status.status === 'SUBSCRIBED';
  return <NotificationsLiveContext.Provider value={{ live }}>{children}</NotificationsLiveContext.Provider>;
}

/** Whether notifications arrive live (see NotificationsLiveProvider). */
export function useNotificationsLive(): boolean {
  return useContext(NotificationsLiveContext).live;
}

/** The header's bell: how many of the member's notifications are unread. */
export function useUnreadNotificationsCount() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const live = useNotificationsLive();
  const userId = user?.id ?? '';
  return useQuery({ ...unreadCountQueryOptions(getClient, userId, live), enabled: userId !== '' });
}

/** The member's latest `limit` notifications, newest first (the panel: 50, the community page: 10). */
export function useNotifications(limit: number) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const live = useNotificationsLive();
  const userId = user?.id ?? '';
  return useQuery({ ...notificationsQueryOptions(getClient, userId, limit, live), enabled: userId !== '' });
}
