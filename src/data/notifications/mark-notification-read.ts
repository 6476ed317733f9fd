import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/data/notifications/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { notificationMutationKeys } from './keys';
import { markReadInCaches, restoreCaches, type ReadSnapshot } from './optimistic-read';

/**
 * product.md#dashboard-7 "update read_at". The server stores its own now() and keeps the first read time;
 * RLS limits the update to the caller's rows.
 */
export async function markNotificationRead(client: AppSupabaseClient, id: string): Promise<void> {
  unwrap(
    await client.from('notifications').update({ read_at: new Date().toISOString() }).eq('id', id).is('read_at', null),
  );
}

/** Optimistic (product.md#dashboard-4 "becomes read when clicked"): the item dims at once, and undims if the server refuses. */
export const markNotificationReadMutationOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  queryClient: QueryClient,
  userId: string,
  onFailure: (error: unknown) => void,
) =>
  mutationOptions<void, unknown, string, ReadSnapshot>({
    mutationKey: notificationMutationKeys.markRead(),
    mutationFn: async (id) => markNotificationRead(await getClient(), id),
    onMutate: (id) => markReadInCaches(queryClient, userId, (notification) => notification.id === id),
    onError: (error, _id, snapshot) => {
      if (snapshot) restoreCaches(queryClient, userId, snapshot);
      onFailure(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount(userId) }),
  });

/** `onFailure`: the screen says so (the optimistic change is undone). */
export function useMarkNotificationRead(onFailure: (error: unknown) => void) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation(markNotificationReadMutationOptions(getClient, queryClient, user?.id ?? '', onFailure));
}
