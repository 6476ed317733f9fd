import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/data/notifications/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { notificationMutationKeys } from './keys';
import { markReadInCaches, restoreCaches, type ReadSnapshot } from './optimistic-read';

/** RPC mark_all_notifications_read: every unread notification of the caller; returns how many. */
export async function markAllNotificationsRead(client: AppSupabaseClient): Promise<number> {
  return unwrap(await client.rpc('mark_all_notifications_read'));
}

export const markAllNotificationsReadMutationOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  queryClient: QueryClient,
  userId: string,
  onFailure: (error: unknown) => void,
) =>
  mutationOptions<number, unknown, void, ReadSnapshot>({
    mutationKey: notificationMutationKeys.markAllRead(),
    mutationFn: async () => markAllNotificationsRead(await getClient()),
    onMutate: () => markReadInCaches(queryClient, userId, () => true),
    onError: (error, _variables, snapshot) => {
      if (snapshot) restoreCaches(queryClient, userId, snapshot);
      onFailure(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.ofUser(userId) }),
  });

/** `onFailure`: the screen says so (the optimistic change is undone). */
export function useMarkAllNotificationsRead(onFailure: (error: unknown) => void) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation(markAllNotificationsReadMutationOptions(getClient, queryClient, user?.id ?? '', onFailure));
}
