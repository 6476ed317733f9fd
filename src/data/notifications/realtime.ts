import type { RealtimeChannel, RealtimePostgresInsertPayload } from '@supabase/supabase-js';
import { yieldToMain } from '@/lib/main-thread';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { Notification } from './get-notifications';

export type ChannelStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

type Handlers = {
  onInsert: (row: Notification) => void;
  onStatus: (status: ChannelStatus) => void;
};

let sequence = 0;

/**
 * product.md#dashboard-7: "realtime subscription to INSERT filtered by user_id". Realtime checks the
 * notifications select policy for the subscriber, so only the member's own rows arrive. The topic
 * is unique per subscription: supabase-js hands back an existing channel of the same topic, which
 * may be on its way out after a re-render. The same code serves hosted Supabase and the stack.
 */
export async function subscribeToNotifications(
  client: AppSupabaseClient,
  userId: string,
  handlers: Handlers,
): Promise<RealtimeChannel> {
  sequence += 1;
  const channel = client
    .channel(`notifications:${userId}:${sequence}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
      (payload: RealtimePostgresInsertPayload<Notification>) => handlers.onInsert(payload.new),
    );
  // Joining (which opens the socket) comes in a task after the channel's set-up: together they made
  // one task of some 15–25 ms on a desktop, beside whatever else the browser had to do.
  await yieldToMain();
  return channel.subscribe((status) => handlers.onStatus(status));
}
