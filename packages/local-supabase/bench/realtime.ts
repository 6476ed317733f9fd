// `npm run bench:realtime`: how fast the local stack's Realtime emulation delivers a change to many
// subscribers. Starts a fresh stack (temporary data folder, free ports, no edge functions), creates
// N members, and opens one supabase-js client (its own WebSocket) per member, as N browsers would.
// Latency is measured from just before the INSERT is sent to the moment the callback runs.
//
//   fan-out        every member subscribes to INSERTs of a table whose rows all members may read
//                  (an RLS policy): each change is checked against N different JWTs and sent N times
//   notifications  every member subscribes to INSERTs of their own notifications (filter
//                  user_id=eq.<id>), as the notifications panel does; each change goes to one member
//
// Prints p50/p95/max per scenario against the target p95 ≤ 100 ms. It is a benchmark, not a test:
// it exits non-zero on errors only. The stack runs in a worker thread (its own event loop, as the
// server is its own process); the clients share the main thread, so their work is in the figures.
// Options: --subscribers=200 --changes=30
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort } from '../src/lib/ports.ts';
import { ANON_KEY, JWT_KEY } from '../src/keys.ts';
import { memoryLogger } from '../src/log.ts';
import { startStack } from '../src/stack.ts';
import { percentile, printTable } from './table.ts';

const TARGET_P95_MS = 100;
const DELIVERY_TIMEOUT_MS = 5_000;

interface Member {
  id: string;
  client: SupabaseClient;
}

interface Result {
  name: string;
  subscribers: number;
  changes: number;
  latencies: number[];
  missed: number;
}

async function tokenFor(id: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: id, role: 'authenticated', aud: 'authenticated', email: `${id}@bench.test` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(JWT_KEY);
}

/** Subscribes and resolves once the server has confirmed the database subscription. */
function subscribe(
  client: SupabaseClient,
  name: string,
  binding: { event: 'INSERT'; schema: string; table: string; filter?: string },
  onChange: (row: Record<string, unknown>) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    client
      .channel(name)
      .on('postgres_changes', binding, (payload) => onChange(payload.new as Record<string, unknown>))
      .on('system', {}, (payload: { extension: string; status: string; message: string }) => {
        if (payload.extension !== 'postgres_changes') return;
        if (payload.status === 'ok') resolve();
        else reject(new Error(payload.message));
      })
      .subscribe((status, error) => {
        if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
}

interface RunningStack {
  apiUrl: string;
  dbUrl: string;
  readyInMs: number;
  stats(): Promise<{ sockets: number; channels: number; subscriptions: number }>;
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}

/** In the worker: starts the stack, then answers the main thread's requests. */
async function serveStack(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klub-bench-realtime-'));
  await chmod(dataDir, 0o755);
  const functionsDir = path.join(dataDir, 'no-functions');
  await mkdir(functionsDir);
  const [api, db, inbox, smtp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const log = memoryLogger();
  const stack = await startStack({ dataDir, functionsDir, ports: { api, db, inbox, smtp }, seed: false, log });
  const stop = async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
    port.postMessage({ stopped: true });
  };
  port.on('message', (request: string) => {
    if (request === 'stats') port.postMessage({ stats: stack.realtime.stats() });
    if (request === 'errors')
      port.postMessage({ errors: log.lines.filter((line) => line.startsWith('error realtime')) });
    // A failed stop fails the worker (and so the benchmark) loudly.
    if (request === 'stop')
      stop().catch((error: unknown) =>
        setImmediate(() => {
          throw error;
        }),
      );
  });
  port.postMessage({ ready: { apiUrl: stack.apiUrl, dbUrl: stack.dbUrl, readyInMs: stack.readyInMs } });
}

function stackInWorker(): Promise<RunningStack> {
  // tsx's loader, registered inside the worker, then this file again (isMainThread is false there).
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true });
  const ask = <T>(request: string, key: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        worker.off('message', listener);
        resolve(message[key] as T);
      };
      worker.on('message', listener);
      worker.postMessage(request);
    });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { ready?: { apiUrl: string; dbUrl: string; readyInMs: number } }) => {
      if (!message.ready) return;
      resolve({
        ...message.ready,
        stats: () => ask('stats', 'stats'),
        errors: () => ask('errors', 'errors'),
        stop: async () => {
          await ask('stop', 'stopped');
          await worker.terminate();
        },
      });
    });
  });
}

async function setUp(stack: RunningStack, sql: pg.Client, count: number): Promise<Member[]> {
  await sql.query(`
    create table public.bench_feed (
      id bigint generated always as identity primary key,
      owner_id uuid references auth.users (id),
      audience text not null default 'all',
      body text not null,
      created_at timestamptz not null default now()
    );
    alter table public.bench_feed enable row level security;
    create policy bench_feed_select on public.bench_feed for select to authenticated
      using (audience = 'all' or owner_id = (select auth.uid()));
    grant select on public.bench_feed to authenticated;
    alter publication supabase_realtime add table public.bench_feed;`);
  const { rows } = await sql.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-' || n || '@bench.test'
       from generate_series(1, $1) n
     returning id`,
    [count],
  );
  const members: Member[] = [];
  for (const { id } of rows) {
    const token = await tokenFor(id);
    const client = createClient(stack.apiUrl, ANON_KEY, {
      accessToken: async () => token,
      realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    });
    await client.realtime.setAuth();
    members.push({ id, client });
  }
  return members;
}

async function fanOut(sql: pg.Client, members: Member[], changes: number): Promise<Result> {
  const sentAt = new Map<string, number>();
  const waiting = new Map<string, { left: number; done: () => void }>();
  const latencies: number[] = [];
  const onChange = (row: Record<string, unknown>) => {
    const key = String(row.body);
    const started = sentAt.get(key);
    if (started === undefined) return;
    latencies.push(performance.now() - started);
    const wait = waiting.get(key);
    if (wait && --wait.left === 0) wait.done();
  };
  await Promise.all(
    members.map((member, index) =>
      subscribe(member.client, `feed-${index}`, { event: 'INSERT', schema: 'public', table: 'bench_feed' }, onChange),
    ),
  );
  let missed = 0;
  for (let change = 0; change < changes; change += 1) {
    const key = `change-${change}`;
    const all = new Promise<void>((resolve) => waiting.set(key, { left: members.length, done: resolve }));
    sentAt.set(key, performance.now());
    await sql.query(`insert into public.bench_feed (body) values ($1)`, [key]);
    const timedOut = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), DELIVERY_TIMEOUT_MS)),
    ]);
    if (timedOut) missed += waiting.get(key)?.left ?? 0;
  }
  return { name: 'fan-out', subscribers: members.length, changes, latencies, missed };
}

async function notifications(sql: pg.Client, members: Member[], changes: number): Promise<Result> {
  const pending = new Map<string, { started: number; done: () => void }>();
  const latencies: number[] = [];
  await Promise.all(
    members.map((member, index) =>
      subscribe(
        member.client,
        `notifications-${index}`,
        { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${member.id}` },
        (row) => {
          const wait = pending.get(String(row.title));
          if (!wait) return;
          latencies.push(performance.now() - wait.started);
          wait.done();
        },
      ),
    ),
  );
  let missed = 0;
  for (let change = 0; change < changes; change += 1) {
    const member = members[Math.floor(Math.random() * members.length)] as Member;
    const title = `notification-${change}`;
    const delivered = new Promise<void>((resolve) => pending.set(title, { started: performance.now(), done: resolve }));
    await sql.query(`insert into public.notifications (user_id, type, title) values ($1, 'system', $2)`, [
      member.id,
      title,
    ]);
    const timedOut = await Promise.race([
      delivered.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), DELIVERY_TIMEOUT_MS)),
    ]);
    if (timedOut) missed += 1;
  }
  return { name: 'notifications', subscribers: members.length, changes, latencies, missed };
}

function print(results: Result[]): void {
  const header = [
    'scenario',
    'subscribers',
    'changes',
    'deliveries',
    'p50 ms',
    'p95 ms',
    'max ms',
    `p95 ≤ ${TARGET_P95_MS} ms`,
  ];
  const lines = results.map((result) => {
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    return [
      result.name,
      String(result.subscribers),
      String(result.changes),
      `${sorted.length}${result.missed ? ` (${result.missed} missed)` : ''}`,
      percentile(sorted, 50).toFixed(1),
      p95.toFixed(1),
      (sorted.at(-1) ?? NaN).toFixed(1),
      p95 <= TARGET_P95_MS && !result.missed ? 'yes' : 'NO',
    ];
  });
  printTable(header, lines);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { subscribers: { type: 'string', default: '200' }, changes: { type: 'string', default: '30' } },
  });
  const subscribers = Number(values.subscribers);
  const changes = Number(values.changes);
  const stack = await stackInWorker();
  const sql = new pg.Client({ connectionString: stack.dbUrl });
  let members: Member[] = [];
  try {
    await sql.connect();
    console.log(
      `Local stack ready in ${(stack.readyInMs / 1000).toFixed(1)} s (worker thread), ${os.cpus().length} CPUs, ` +
        `load average ${os.loadavg()[0]?.toFixed(1)}; ${subscribers} members, each with its own supabase-js client and WebSocket\n`,
    );
    members = await setUp(stack, sql, subscribers);
    const results = [await fanOut(sql, members, changes), await notifications(sql, members, changes)];
    const stats = await stack.stats();
    console.log(
      `Realtime: ${stats.sockets} sockets, ${stats.channels} channels, ${stats.subscriptions} subscriptions\n`,
    );
    print(results);
    const errors = await stack.errors();
    if (errors.length) console.log(`\nRealtime logged errors:\n${errors.join('\n')}`);
  } finally {
    await Promise.all(members.map((member) => member.client.removeAllChannels()));
    await sql.end().catch(() => undefined);
    await stack.stop();
  }
}

(isMainThread ? main() : serveStack()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
