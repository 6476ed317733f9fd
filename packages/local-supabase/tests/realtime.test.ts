// Realtime's postgres_changes through supabase-js (the app's notifications panel subscribes to
// INSERTs on notifications filtered by user_id): changes come from the database in commit order, the
// subscriber's role and claims decide what it sees (RLS), values are typed as PostgREST returns them.
// "Receives nothing" is checked with a later change the same socket must receive: delivery follows
// commit order, so once that one has arrived the earlier change was not sent.
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_KEY } from '../src/keys.ts';
import { activatedMember, type Member } from './helpers/accounts.ts';
import { appClient, realtime, serviceClient, stack } from './helpers/clients.ts';
import { listen, withSessionToken, type Change, type Listening } from './helpers/realtime.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const clients: SupabaseClient[] = [];
const track = <T extends SupabaseClient>(client: T): T => {
  clients.push(client);
  return client;
};

let member: Member;
let otherMember: Member;

async function notify(userId: string, fields: Record<string, unknown> = {}) {
  const { data, error } = await serviceClient()
    .from('notifications')
    .insert({ user_id: userId, type: 'system', title: 'Powiadomienie', ...fields })
    .select()
    .single();
  if (error) throw error;
  return data as Record<string, unknown> & { id: string };
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack().dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A token as Supabase Auth would issue it for the member, with the lifetime given. */
function tokenFor(who: Member, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    sub: who.session.user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: who.email,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(JWT_KEY);
}

/** A client whose realtime token is whatever `current()` holds (supabase-js's accessToken option). */
function tokenClient(current: () => string, options: { vsn?: string } = {}): SupabaseClient {
  const { apiUrl, anonKey } = stack();
  return track(
    createClient(apiUrl, anonKey, { accessToken: async () => current(), realtime: { ...realtime, ...options } }),
  );
}

const ownNotifications = (who: Member, event: 'INSERT' | 'UPDATE' | 'DELETE' | '*' = 'INSERT') => ({
  event,
  schema: 'public',
  table: 'notifications',
  filter: `user_id=eq.${who.session.user.id}`,
});

const idOf = (change: Change) => (change.eventType === 'DELETE' ? change.old.id : change.new.id);

beforeAll(async () => {
  [member, otherMember] = await Promise.all([activatedMember('realtime-member'), activatedMember('realtime-other')]);
  await Promise.all([withSessionToken(track(member.client)), withSessionToken(track(otherMember.client))]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
});

describe('postgres_changes: the notifications panel', () => {
  it('delivers a notification inserted by server code to its member within a second, as PostgREST types it', async () => {
    const listening = await listen(member.client, [ownNotifications(member)]);
    expect(listening.system.items[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });

    const started = performance.now();
    const row = await notify(member.session.user.id, {
      type: 'profit',
      title: 'Zysk z pakietu',
      content: 'Naliczono zysk',
      data: { amount: 12.5, currency: 'USDT', nested: { list: [1, 'dwa', null] } },
    });
    const change = await listening.changes.waitFor((c) => idOf(c) === row.id, 1_000);

    expect(change.receivedAt - started).toBeLessThan(1_000);
    expect(change).toMatchObject({
      schema: 'public',
      table: 'notifications',
      eventType: 'INSERT',
      old: {},
      errors: null,
      commit_timestamp: expect.stringMatching(ISO_MS),
    });
    expect(change.new).toEqual(row);
    expect(Math.abs(Date.parse(change.commit_timestamp) - Date.parse(row.created_at as string))).toBeLessThan(1_000);
  });

  it("keeps a member's notifications from another member and from anon", async () => {
    const anon = track(appClient());
    const [own, other, anonFiltered, anonWholeTable, anonFeed] = await Promise.all([
      listen(member.client, [ownNotifications(member)]),
      listen(otherMember.client, [
        // Asking for someone else's rows: the subscription is accepted, RLS hides the rows.
        ownNotifications(member),
        ownNotifications(otherMember),
      ]),
      listen(anon, [ownNotifications(member)]),
      listen(anon, [{ event: 'INSERT', schema: 'public', table: 'notifications' }]),
      listen(anon, [{ event: 'INSERT', schema: 'public', table: 'contract_feed' }]),
    ]);
    // anon may not select user_id: Realtime refuses the filter.
    expect(anonFiltered.system.items[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: expect.stringContaining('invalid column for filter user_id'),
    });
    expect(anonWholeTable.system.items[0]).toMatchObject({ status: 'ok' });

    const secret = await notify(member.session.user.id, { title: 'Tylko dla członka' });
    const sentinel = await notify(otherMember.session.user.id, { title: 'Dla drugiego członka' });
    const [feedRow] = await sql<{ id: string }>(`insert into public.contract_feed (body) values ('po') returning id`);

    await own.changes.waitFor((c) => idOf(c) === secret.id);
    await other.changes.waitFor((c) => idOf(c) === sentinel.id);
    await anonFeed.changes.waitFor((c) => String(c.new.id) === String(feedRow?.id));
    expect(other.changes.items.map(idOf)).toEqual([sentinel.id]);
    expect(other.changes.items[0]?.binding).toBe(1);
    expect(anonFiltered.changes.items).toEqual([]);
    // Without a filter anon gets Realtime's error event for each row, never the row itself.
    expect(anonWholeTable.changes.items.length).toBeGreaterThanOrEqual(2);
    for (const { eventType, new: row, errors } of anonWholeTable.changes.items) {
      expect({ eventType, row, errors }).toEqual({ eventType: 'INSERT', row: {}, errors: ['Error 401: Unauthorized'] });
    }
  });

  it('sends updates with the new row and the primary key of the old one', async () => {
    const listening = await listen(member.client, [ownNotifications(member, 'UPDATE')]);
    const row = await notify(member.session.user.id);

    const marked = await member.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', row.id)
      .select()
      .single();
    expect(marked.error).toBeNull();
    const change = await listening.changes.waitFor((c) => idOf(c) === row.id);

    expect(change.eventType).toBe('UPDATE');
    expect(change.new).toEqual(marked.data);
    expect(change.new.read_at).toEqual(expect.any(String));
    expect(change.old).toEqual({ id: row.id });
  });

  it('leaves out of an update a long value the update did not change (unchanged TOAST), as Realtime does', async () => {
    const listening = await listen(member.client, [ownNotifications(member, 'UPDATE')]);
    // Random text does not compress: PostgreSQL stores it outside the row, and logical decoding
    // does not resend it when another column changes.
    const row = await notify(member.session.user.id, { content: randomBytes(1500).toString('base64').slice(0, 2000) });

    const marked = await member.client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('id', row.id)
      .select()
      .single();
    const change = await listening.changes.waitFor((c) => idOf(c) === row.id);

    const { content, ...rest } = marked.data as Record<string, unknown>;
    expect(content).toHaveLength(2000);
    expect(change.new).toEqual(rest);
  });

  it('sends deletes with the primary key only, without checking RLS, and not through a filter on another column', async () => {
    const [everyDelete, othersDeletes, filtered] = await Promise.all([
      listen(member.client, [{ event: 'DELETE', schema: 'public', table: 'notifications' }]),
      listen(otherMember.client, [{ event: 'DELETE', schema: 'public', table: 'notifications' }]),
      listen(member.client, [ownNotifications(member, 'DELETE'), ownNotifications(member, 'INSERT')]),
    ]);
    const row = await notify(member.session.user.id);
    // Rows are checked against RLS when their change is processed: a row deleted first is not sent.
    await filtered.changes.waitFor((c) => idOf(c) === row.id);
    await serviceClient().from('notifications').delete().eq('id', row.id).throwOnError();
    const sentinel = await notify(member.session.user.id);

    const deleted = await everyDelete.changes.waitFor((c) => idOf(c) === row.id);
    expect(deleted).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: row.id }, errors: null });
    expect(Object.keys(deleted.old)).toEqual(['id']);
    // Realtime cannot check RLS for a row that is gone: any subscriber of the table gets its key.
    await othersDeletes.changes.waitFor((c) => idOf(c) === row.id);
    await filtered.changes.waitFor((c) => idOf(c) === sentinel.id);
    expect(filtered.changes.items.map((c) => c.eventType)).toEqual(['INSERT', 'INSERT']);
  });

  it('filters on another column', async () => {
    const listening = await listen(member.client, [
      { event: 'INSERT', schema: 'public', table: 'notifications', filter: 'type=eq.profit' },
    ]);
    const system = await notify(member.session.user.id, { type: 'system' });
    const profit = await notify(member.session.user.id, { type: 'profit', data: { amount: 1 } });

    await listening.changes.waitFor((c) => idOf(c) === profit.id);
    expect(listening.changes.items.map(idOf)).toEqual([profit.id]);
    expect(listening.changes.items.map(idOf)).not.toContain(system.id);
  });

  it('sees changes made by SQL outside the app, and never a rolled-back one', async () => {
    const listening = await listen(member.client, [ownNotifications(member)]);
    const client = new pg.Client({ connectionString: stack().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`insert into public.notifications (user_id, type, title) values ($1, 'system', 'Wycofane')`, [
        member.session.user.id,
      ]);
      await client.query('rollback');
      await client.query(
        `insert into public.notifications (user_id, type, title) values ($1, 'system', 'Zatwierdzone')`,
        [member.session.user.id],
      );
    } finally {
      await client.end();
    }
    await listening.changes.waitFor((c) => c.new.title === 'Zatwierdzone');
    expect(listening.changes.items.map((c) => c.new.title)).toEqual(['Zatwierdzone']);
  });

  it('delivers the changes of one transaction, and of transactions, in commit order', async () => {
    const listening = await listen(member.client, [ownNotifications(member, '*')]);
    const id = member.session.user.id;
    const client = new pg.Client({ connectionString: stack().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(
        `insert into public.notifications (user_id, type, title) values ($1, 'system', 'a'), ($1, 'system', 'b') returning id`,
        [id],
      );
      await client.query(`update public.notifications set title = 'c' where id = $1`, [rows[0]?.id]);
      await client.query('commit');
      await client.query(`insert into public.notifications (user_id, type, title) values ($1, 'system', 'd')`, [id]);
    } finally {
      await client.end();
    }
    await listening.changes.waitFor((c) => c.new.title === 'd');
    expect(listening.changes.items.map((c) => `${c.eventType} ${String(c.new.title)}`).slice(-4)).toEqual([
      'INSERT a',
      'INSERT b',
      'UPDATE c',
      'INSERT d',
    ]);
  });
});

describe('postgres_changes: values, filters and errors', () => {
  it('types every column as PostgREST returns it', async () => {
    const listening = await listen(member.client, [{ event: 'INSERT', schema: 'public', table: 'contract_feed' }]);
    const [inserted] = await sql<{ id: string }>(
      `insert into public.contract_feed (owner_id, audience, amount, ratio, tags, payload, flag, day, body)
       values ($1, 'owner', 1234.50, 0.25, array['a', 'b,c'], '{"x": [1, 2.5, "t"], "y": null}', true, '2026-11-24', 'zażółć')
       returning id`,
      [member.session.user.id],
    );
    const change = await listening.changes.waitFor((c) => String(c.new.id) === String(inserted?.id));
    const fromRest = await member.client.from('contract_feed').select('*').eq('id', inserted?.id).single();

    expect(fromRest.error).toBeNull();
    expect(change.new).toEqual(fromRest.data);
    expect(change.new).toMatchObject({
      amount: 1234.5,
      ratio: 0.25,
      tags: ['a', 'b,c'],
      flag: true,
      day: '2026-11-24',
    });
  });

  it('gives each role only the columns it may select', async () => {
    const anon = track(appClient());
    const listening = await listen(anon, [{ event: 'INSERT', schema: 'public', table: 'contract_feed' }]);
    const [inserted] = await sql<{ id: string }>(
      `insert into public.contract_feed (audience, amount, flag, body) values ('all', 7, false, 'publiczne') returning id`,
    );
    const change = await listening.changes.waitFor((c) => String(c.new.id) === String(inserted?.id));
    expect(change.new).toEqual({ id: Number(inserted?.id), audience: 'all', amount: 7, body: 'publiczne' });
  });

  it('supports the other filter operators of the real server (gt, in, not.)', async () => {
    const listening = await listen(member.client, [
      {
        event: 'INSERT',
        schema: 'public',
        table: 'contract_feed',
        filter: 'amount=gt.100,body=in.(x,y),flag=not.is.true',
      },
    ]);
    const rows = await sql<{ id: string; body: string }>(
      `insert into public.contract_feed (amount, body, flag) values (50, 'x', false), (150, 'z', false), (150, 'y', true), (150, 'x', null), (150, 'y', false)
       returning id, body`,
    );
    await listening.changes.waitFor((c) => String(c.new.id) === String(rows[4]?.id));
    expect(listening.changes.items.map((c) => String(c.new.id))).toEqual([rows[3]?.id, rows[4]?.id].map(String));
  });

  it('hides a row whose policy fails for a subscriber, and goes on with the next rows', async () => {
    const [first, second] = await Promise.all([
      listen(member.client, [{ event: 'INSERT', schema: 'public', table: 'contract_fragile' }]),
      listen(otherMember.client, [{ event: 'INSERT', schema: 'public', table: 'contract_fragile' }]),
    ]);
    await sql(`insert into public.contract_fragile (body) values ('boom')`);
    await sql(`insert into public.contract_fragile (body) values ('ok')`);

    await first.changes.waitFor((c) => c.new.body === 'ok');
    await second.changes.waitFor((c) => c.new.body === 'ok');
    expect(first.changes.items.map((c) => c.new.body)).toEqual(['ok']);
    expect(second.changes.items.map((c) => c.new.body)).toEqual(['ok']);
  });

  it('compares filter values as the column type does (uuid case, numbers, booleans, enums)', async () => {
    const listening = await listen(member.client, [
      { event: 'INSERT', schema: 'public', table: 'contract_feed', filter: 'flag=eq.true' },
      { event: 'INSERT', schema: 'public', table: 'contract_feed', filter: 'amount=eq.7.0' },
      {
        event: 'INSERT',
        schema: 'public',
        table: 'notifications',
        filter: `user_id=eq.${member.session.user.id.toUpperCase()}`,
      },
      { event: 'INSERT', schema: 'public', table: 'notifications', filter: 'type=neq.system' },
    ]);
    const rows = await sql<{ id: string }>(
      `insert into public.contract_feed (flag, amount) values (true, 1), (false, 7), (null, null) returning id`,
    );
    const system = await notify(member.session.user.id, { type: 'system' });
    const message = await notify(member.session.user.id, { type: 'message' });

    await listening.changes.waitFor((c) => idOf(c) === message.id);
    expect(listening.changes.items.map((c) => [c.binding, String(idOf(c))])).toEqual([
      [0, String(rows[0]?.id)],
      [1, String(rows[1]?.id)],
      [2, system.id],
      [2, message.id],
      [3, message.id],
    ]);
  });

  it('sends only the selected columns (and the primary key) when the binding asks for them', async () => {
    const listening = await listen(member.client, [{ ...ownNotifications(member), select: ['title', 'created_at'] }]);
    const row = await notify(member.session.user.id, { title: 'Wybrane kolumny' });
    const change = await listening.changes.waitFor((c) => idOf(c) === row.id);
    expect(change.new).toEqual({ id: row.id, title: 'Wybrane kolumny', created_at: row.created_at });

    const wrong = await listen(member.client, [{ ...ownNotifications(member), select: ['nope'] }]);
    expect(wrong.system.items[0]?.message).toContain('invalid column for select nope');
  });

  it("refuses a filter the server cannot read, with the server's error", async () => {
    const listening = await listen(member.client, [
      { event: 'INSERT', schema: 'public', table: 'notifications', filter: 'user_id=foo.bar' },
    ]);
    expect(listening.system.items[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'error',
      message: 'Error parsing `filter` params: ["foo", "bar"]',
    });
    const unknownTable = await listen(member.client, [{ event: '*', schema: 'public', table: 'profiles' }]);
    expect(unknownTable.system.items[0]?.message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: profiles, filters: [], select: nil]',
    );
  });
});

describe('postgres_changes: tokens', () => {
  it('closes the channel when its token expires, as Realtime does', async () => {
    const token = await tokenFor(member, 3);
    const client = tokenClient(() => token);
    await client.realtime.setAuth();
    const listening = await listen(client, [ownNotifications(member)]);

    const expired = await listening.system.waitFor((s) => s.extension === 'system', 8_000, 'the expiry');
    expect(expired).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
    await listening.statuses.waitFor((s) => s.status === 'CLOSED');
  });

  it('keeps the channel past the old expiry when the client sends a new access_token', async () => {
    let token = await tokenFor(member, 3);
    const expiresAt = Date.now() + 3_000;
    const client = tokenClient(() => token);
    await client.realtime.setAuth();
    const listening = await listen(client, [ownNotifications(member)]);

    token = await tokenFor(member, 3600);
    await client.realtime.setAuth();
    await listening.system.waitFor(
      () => listening.system.items.filter((s) => s.message === 'Subscribed to PostgreSQL').length === 2,
      5_000,
      'the subscription with the new token',
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 1_500));
    const row = await notify(member.session.user.id);

    await listening.changes.waitFor((c) => idOf(c) === row.id);
    expect(listening.system.items.filter((s) => s.status === 'error')).toEqual([]);
    expect(listening.statuses.items.map((s) => s.status)).toEqual(['SUBSCRIBED']);
  });

  it('refuses to join with an expired or forged token', async () => {
    const expired = await tokenFor(member, -10);
    const forged = `${(await tokenFor(member, 3600)).slice(0, -4)}AAAA`;
    for (const [token, reason] of [
      [expired, /^InvalidJWTToken: Token has expired \d+ seconds ago$/],
      [forged, /^JwtSignatureError: Failed to validate JWT signature$/],
    ] as const) {
      const client = tokenClient(() => token);
      await client.realtime.setAuth();
      const errors: string[] = [];
      const channel = client.channel(`refused-${errors.length}-${Math.random()}`);
      await new Promise<void>((resolve) =>
        channel
          .on('postgres_changes', ownNotifications(member), () => undefined)
          .subscribe((status, error) => {
            if (status === 'CHANNEL_ERROR') {
              errors.push(error?.message ?? '');
              resolve();
            }
          }),
      );
      expect(errors[0]).toMatch(reason);
      await client.removeChannel(channel);
    }
  });
});

describe('the rest of the protocol', () => {
  it('answers broadcast and presence with "not emulated"', async () => {
    const channel = member.client.channel(`broadcast-${Math.random()}`, { config: { broadcast: { ack: true } } });
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: {} })).toBe('error');
    expect(await channel.track({ online: true })).toBe('error');
    await member.client.removeChannel(channel);
  });

  it('speaks the 1.0.0 serializer too', async () => {
    const token = await tokenFor(member, 3600);
    const client = tokenClient(() => token, { vsn: '1.0.0' });
    await client.realtime.setAuth();
    const listening: Listening = await listen(client, [ownNotifications(member)]);
    const row = await notify(member.session.user.id);
    const change = await listening.changes.waitFor((c) => idOf(c) === row.id);
    expect(change.new).toEqual(row);
  });
});
