// Realtime through supabase-js as the app uses it: a channel with postgres_changes bindings, waiting
// for what a user would wait for (SUBSCRIBED, then the server's "Subscribed to PostgreSQL").
import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  RealtimeSystemPayload,
  SupabaseClient,
} from '@supabase/supabase-js';

/** Everything received so far, and a way to wait for something. */
export class Recording<T> {
  readonly items: T[] = [];
  private waiters: { test: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  push(item: T): void {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(item)) return true;
      waiter.resolve(item);
      return false;
    });
  }

  waitFor(test: (item: T) => boolean, timeoutMs = 5_000, what = 'a matching message'): Promise<T> {
    const found = this.items.find(test);
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(
          new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${JSON.stringify(this.items)}`),
        );
      }, timeoutMs);
      const done = (item: T) => {
        clearTimeout(timer);
        resolve(item);
      };
      this.waiters.push({ test, resolve: done });
    });
  }
}

export type Row = Record<string, unknown>;

/** What realtime-js hands to a postgres_changes callback, plus which binding and when. */
export interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Row;
  old: Row;
  errors: string[] | null;
  binding: number;
  receivedAt: number;
}

export interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table?: string;
  filter?: string;
  select?: string[];
}

export interface Listening {
  channel: RealtimeChannel;
  changes: Recording<Change>;
  system: Recording<RealtimeSystemPayload>;
  statuses: Recording<{ status: string; error?: Error }>;
}

let channelCount = 0;

/**
 * Opens a channel with the bindings and resolves once it is joined and the server has answered
 * for the database subscription (the `system` event of extension postgres_changes, ok or error).
 */
export async function listen(client: SupabaseClient, bindings: Binding[], name?: string): Promise<Listening> {
  const changes = new Recording<Change>();
  const system = new Recording<RealtimeSystemPayload>();
  const statuses = new Recording<{ status: string; error?: Error }>();
  channelCount += 1;
  let channel = client.channel(name ?? `contract-${process.pid}-${channelCount}`);
  bindings.forEach((binding, index) => {
    channel = channel.on('postgres_changes', binding, (payload: RealtimePostgresChangesPayload<Row>) =>
      changes.push({
        ...(payload as Omit<Change, 'binding' | 'receivedAt'>),
        binding: index,
        receivedAt: performance.now(),
      }),
    );
  });
  channel = channel.on('system', {}, (payload: RealtimeSystemPayload) => system.push(payload));
  channel.subscribe((status, error) => statuses.push({ status, error }));
  await statuses.waitFor((s) => s.status === 'SUBSCRIBED', 5_000, 'SUBSCRIBED');
  if (bindings.length)
    await system.waitFor((s) => s.extension === 'postgres_changes', 5_000, 'the postgres_changes system event');
  return { channel, changes, system, statuses };
}

/** The realtime client takes the session's token before it joins (supabase-js does it on sign-in events). */
export async function withSessionToken(client: SupabaseClient): Promise<SupabaseClient> {
  await client.realtime.setAuth();
  return client;
}
