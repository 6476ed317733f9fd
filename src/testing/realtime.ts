import { vi } from 'vitest';

/**
 * A stand-in for supabase-js's Realtime channels (`client.channel(…).on('postgres_changes', …)
 * .subscribe(cb)` and `client.removeChannel(channel)`), so a unit test opens no WebSocket and plays
 * what the server would send: a subscription status, or an INSERT. It holds no rules: a test says
 * what happens. The Realtime server itself is exercised by the E2E tests.
 */
export type RealtimeStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

type Binding = {
  type: string;
  filter: { event?: string; schema?: string; table?: string; filter?: string };
  callback: (payload: unknown) => void;
};

export class FakeChannel {
  readonly bindings: Binding[] = [];
  statusCallback: ((status: RealtimeStatus, error?: Error) => void) | undefined;
  subscribed = false;
  removed = false;

  constructor(readonly topic: string) {}

  on(type: string, filter: Binding['filter'], callback: (payload: unknown) => void): this {
    if (this.subscribed) throw new Error('cannot add bindings after subscribe()');
    this.bindings.push({ type, filter, callback });
    return this;
  }

  subscribe(callback?: (status: RealtimeStatus, error?: Error) => void): this {
    this.subscribed = true;
    this.statusCallback = callback;
    return this;
  }
}

export type FakeRealtime = {
  channel: ReturnType<typeof vi.fn<(topic: string) => FakeChannel>>;
  removeChannel: ReturnType<typeof vi.fn<(channel: FakeChannel) => Promise<'ok'>>>;
  /** Channels that were subscribed and not removed. */
  open(): FakeChannel[];
  /** Tells every open channel its new status (as the socket would). */
  setStatus(status: RealtimeStatus): void;
  /**
   * Delivers an INSERT of `table` to the open channels whose postgres_changes binding matches it
   * (event INSERT or *, schema, table, and an `eq` filter on one column).
   */
  insert(table: string, record: Record<string, unknown>, schema?: string): void;
};

function matches(binding: Binding, table: string, schema: string, record: Record<string, unknown>): boolean {
  if (binding.type !== 'postgres_changes') return false;
  const { event, schema: bindingSchema, table: bindingTable, filter } = binding.filter;
  if (event !== 'INSERT' && event !== '*') return false;
  if (bindingSchema !== schema || (bindingTable !== undefined && bindingTable !== table)) return false;
  if (!filter) return true;
  const match = /^(\w+)=eq\.(.*)$/.exec(filter);
  if (!match) throw new Error(`FakeRealtime understands only column=eq.value filters, got ${filter}`);
  return String(record[match[1]!]) === match[2];
}

/** Puts a fake Realtime on `client` (its `channel` and `removeChannel`) and returns the controls. */
export function installFakeRealtime(client: object): FakeRealtime {
  const channels: FakeChannel[] = [];
  const realtime: FakeRealtime = {
    channel: vi.fn((topic: string) => {
      const channel = new FakeChannel(topic);
      channels.push(channel);
      return channel;
    }),
    removeChannel: vi.fn(async (channel: FakeChannel) => {
      channel.removed = true;
      return 'ok' as const;
    }),
    open: () => channels.filter((channel) => channel.subscribed && !channel.removed),
    setStatus(status) {
      for (const channel of realtime.open()) channel.statusCallback?.(status);
    },
    insert(table, record, schema = 'public') {
      const payload = {
        schema,
        table,
        commit_timestamp: new Date().toISOString(),
        eventType: 'INSERT',
        new: record,
        old: {},
        errors: null,
      };
      for (const channel of realtime.open()) {
        for (const binding of channel.bindings) if (matches(binding, table, schema, record)) binding.callback(payload);
      }
    },
  };
  Object.assign(client, { channel: realtime.channel, removeChannel: realtime.removeChannel });
  return realtime;
}
