// The Realtime emulation at the protocol level, with a raw WebSocket (what realtime-js sends is in
// realtime.test.ts): the handshake's API key and serializer checks, Phoenix's replies, and the
// bookkeeping a test through supabase-js cannot see (a dropped client leaves no subscription behind).
// A second instance of the service runs here against the stack's database, so its counters are
// readable; it has its own replication slot.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WORKDIR } from '../src/db/harness.ts';
import { summary } from '../src/cli.ts';
import { loadConfig } from '../src/config/config.ts';
import { closeServer } from '../src/http.ts';
import { ANON_KEY, JWT_KEY, PUBLISHABLE_KEY } from '../src/keys.ts';
import { memoryLogger } from '../src/log.ts';
import { startRealtime, type Realtime } from '../src/realtime/index.ts';
import type { Stack } from '../src/stack.ts';
import { Recording } from './helpers/realtime.ts';
import { stack } from './helpers/clients.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** Phoenix closes a socket silent for 60 s; this instance waits 1 s. */
const IDLE_TIMEOUT_MS = 1_000;

let realtime: Realtime;
let server: http.Server;
let base: string;

beforeAll(async () => {
  realtime = await startRealtime({
    dbPort: Number(new URL(stack().dbUrl).port),
    log: memoryLogger(),
    idleTimeoutMs: IDLE_TIMEOUT_MS,
  });
  server = http.createServer((_req, res) => res.end());
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await realtime.close();
  await closeServer(server);
});

interface Raw {
  ws: WebSocket;
  frames: Recording<Frame>;
  send(frame: Frame): void;
}

async function connect(query = `apikey=${ANON_KEY}&vsn=2.0.0`): Promise<Raw> {
  const ws = new WebSocket(`${base}/realtime/v1/websocket?${query}`);
  const frames = new Recording<Frame>();
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames, send: (frame) => ws.send(JSON.stringify(frame)) };
}

/** The HTTP status an upgrade is refused with. */
function refusal(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}${path}`);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error(`${path} was accepted`)));
    ws.on('error', () => undefined);
  });
}

const join = (topic: string, ref: string, table = 'contract_feed'): Frame => [
  ref,
  ref,
  topic,
  'phx_join',
  { config: { postgres_changes: [{ event: '*', schema: 'public', table }] }, access_token: ANON_KEY },
];

const replyTo = (ref: string) => (frame: Frame) => frame[1] === ref && frame[3] === 'phx_reply';

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the handshake', () => {
  it('checks the API key like the gateway and the serializer version like Phoenix', async () => {
    expect(await refusal('/realtime/v1/websocket?vsn=2.0.0')).toMatchObject({ status: 401 });
    expect(JSON.parse((await refusal('/realtime/v1/websocket?apikey=nope&vsn=2.0.0')).body)).toMatchObject({
      message: 'Invalid API key',
    });
    expect((await refusal(`/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=3.0.0`)).status).toBe(400);
    expect((await refusal(`/realtime/v1/longpoll?apikey=${ANON_KEY}`)).status).toBe(501);
    expect((await refusal(`/elsewhere?apikey=${ANON_KEY}`)).status).toBe(404);
    const publishable = await connect(`apikey=${PUBLISHABLE_KEY}&vsn=2.0.0`);
    publishable.ws.close();
  });
});

describe('Phoenix channel protocol', () => {
  it('answers heartbeats, unknown topics and a join without a topic name', async () => {
    const client = await connect();
    client.send([null, '1', 'phoenix', 'heartbeat', {}]);
    client.send([null, '2', 'realtime:nobody-joined', 'access_token', { access_token: 'x' }]);
    client.send(['3', '3', 'realtime:', 'phx_join', {}]);
    client.send(['4', '4', 'elsewhere', 'phx_join', {}]);

    expect(await client.frames.waitFor(replyTo('1'))).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect((await client.frames.waitFor(replyTo('2')))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    expect((await client.frames.waitFor(replyTo('3')))[4]).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect((await client.frames.waitFor(replyTo('4')))[4]).toMatchObject({ status: 'error' });
    client.ws.close();
  });

  it('joins with the bindings and their ids, then reports the subscription; leave replies and closes', async () => {
    const client = await connect();
    client.send(join('realtime:room', '1'));
    const reply = await client.frames.waitFor(replyTo('1'));
    expect(reply[4]).toEqual({
      status: 'ok',
      response: {
        postgres_changes: [{ event: '*', schema: 'public', table: 'contract_feed', id: expect.any(Number) }],
      },
    });
    expect(await client.frames.waitFor((frame) => frame[3] === 'system')).toEqual([
      '1',
      null,
      'realtime:room',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' },
    ]);
    expect(realtime.stats()).toMatchObject({ channels: 1, subscriptions: 1 });

    client.send(['1', '2', 'realtime:room', 'phx_leave', {}]);
    expect((await client.frames.waitFor(replyTo('2')))[4]).toEqual({ status: 'ok', response: {} });
    await client.frames.waitFor((frame) => frame[3] === 'phx_close');
    expect(realtime.stats()).toMatchObject({ channels: 0, subscriptions: 0 });
    client.ws.close();
  });

  it('replaces a channel joined twice instead of doubling its subscriptions', async () => {
    const client = await connect();
    client.send(join('realtime:twice', '1'));
    await client.frames.waitFor(replyTo('1'));
    client.send(join('realtime:twice', '2'));
    await client.frames.waitFor(replyTo('2'));
    expect(realtime.stats()).toMatchObject({ channels: 1, subscriptions: 1 });
    client.ws.close();
    await until(() => realtime.stats().sockets === 0, 'the socket to close');
  });

  it('cleans up after a client that drops without closing', async () => {
    const clients = await Promise.all([connect(), connect(), connect()]);
    clients.forEach((client, index) => client.send(join(`realtime:drop-${index}`, '1')));
    await Promise.all(clients.map((client) => client.frames.waitFor((frame) => frame[3] === 'system')));
    expect(realtime.stats()).toEqual({ sockets: 3, channels: 3, subscriptions: 3 });

    for (const client of clients) client.ws.terminate();
    await until(() => realtime.stats().sockets === 0, 'the dropped sockets to be noticed');
    expect(realtime.stats()).toEqual({ sockets: 0, channels: 0, subscriptions: 0 });
  });

  it('closes a socket that goes silent (no heartbeat) and forgets its subscriptions', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.ws.once('close', resolve));
    // The server counts the silence from the last frame it received (the join): measured from just
    // before sending it, not from its answer, which a busy machine may deliver much later.
    const lastFrameSent = performance.now();
    client.send(join('realtime:silent', '1'));
    await client.frames.waitFor((frame) => frame[3] === 'system');
    expect(realtime.stats()).toMatchObject({ sockets: 1, subscriptions: 1 });

    await closed;
    expect(performance.now() - lastFrameSent).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);
    expect(realtime.stats()).toEqual({ sockets: 0, channels: 0, subscriptions: 0 });
  });

  it('keeps a socket that sends heartbeats', async () => {
    const client = await connect();
    for (let beat = 1; beat <= 4; beat += 1) {
      client.send([null, String(beat), 'phoenix', 'heartbeat', {}]);
      await client.frames.waitFor(replyTo(String(beat)));
      await new Promise((resolve) => setTimeout(resolve, IDLE_TIMEOUT_MS / 2));
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
    await until(() => realtime.stats().sockets === 0, 'the socket to close');
  });

  it('speaks serializer 1.0.0 (JSON objects) when asked', async () => {
    const client = new WebSocket(`${base}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=1.0.0`);
    const frames = new Recording<Record<string, unknown>>();
    client.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve) => client.once('open', resolve));
    client.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    expect(await frames.waitFor((frame) => frame.ref === '7')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '7',
    });
    client.close();
  });
});

describe('row-level security for many subscribers', () => {
  it('gives each of 80 subscribers with their own claims exactly the rows their policy allows', async () => {
    const db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    let heartbeat: NodeJS.Timeout | undefined;
    try {
      const { rows: users } = await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email)
         select gen_random_uuid(), 'authenticated', 'authenticated', 'many-' || n || '-' || gen_random_uuid() || '@example.test'
           from generate_series(1, 80) n returning id`,
      );
      const now = Math.floor(Date.now() / 1000);
      // Heartbeats, as realtime-js sends them, keep the sockets past this instance's short idle timeout.
      const connected: Raw[] = [];
      heartbeat = setInterval(() => {
        for (const client of connected) client.send([null, 'hb', 'phoenix', 'heartbeat', {}]);
      }, IDLE_TIMEOUT_MS / 4);
      const clients = await Promise.all(
        users.map(async ({ id }, index) => {
          const token = await new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated' })
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuedAt(now)
            .setExpirationTime(now + 600)
            .sign(JWT_KEY);
          const client = await connect();
          connected.push(client);
          client.send([
            '1',
            '1',
            `realtime:many-${index}`,
            'phx_join',
            {
              config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'contract_feed' }] },
              access_token: token,
            },
          ]);
          await client.frames.waitFor((frame) => frame[3] === 'system');
          return client;
        }),
      );
      const owners = [3, 41, 79];
      for (const index of owners) {
        await db.query(`insert into public.contract_feed (owner_id, audience, body) values ($1, 'owner', $2)`, [
          users[index]?.id,
          `for-${index}`,
        ]);
      }
      await db.query(`insert into public.contract_feed (audience, body) values ('all', 'everyone')`);

      const bodies = await Promise.all(
        clients.map(async (client) => {
          await client.frames.waitFor(
            (frame) => frame[3] === 'postgres_changes' && JSON.stringify(frame[4]).includes('everyone'),
          );
          return client.frames.items
            .filter((frame) => frame[3] === 'postgres_changes')
            .map((frame) => (frame[4].data as { record: { body: string } }).record.body);
        }),
      );
      bodies.forEach((received, index) => {
        expect(received).toEqual(owners.includes(index) ? [`for-${index}`, 'everyone'] : ['everyone']);
      });
      for (const client of clients) client.ws.close();
    } finally {
      clearInterval(heartbeat);
      await db.end();
    }
  });
});

describe('npm run stack', () => {
  it('lists Realtime with its WebSocket URL in the start-up summary', async () => {
    const { apiUrl, dbUrl, inboxUrl, smtpPort, anonKey, serviceRoleKey } = stack();
    const text = await summary(
      {
        apiUrl,
        realtimeUrl: `${apiUrl.replace('http', 'ws')}/realtime/v1/websocket`,
        dbUrl,
        inboxUrl,
        smtpPort,
        anonKey,
        serviceRoleKey,
        functions: [],
        buckets: [],
        readyInMs: 1000,
        config: await loadConfig(WORKDIR),
      } as unknown as Stack,
      false,
    );
    expect(text).toMatch(new RegExp(`Realtime +${apiUrl.replace('http', 'ws')}/realtime/v1/websocket`));
    expect(text).not.toContain('Realtime is not emulated');
  });
});
