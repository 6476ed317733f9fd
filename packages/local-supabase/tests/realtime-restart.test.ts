// A subscriber survives a restart of the whole stack: realtime-js reconnects, rejoins its channel,
// and the new server (with a new replication slot) delivers rows committed after the restart. This
// file runs its own stack (same ports and data folder across the restart), not the shared one.
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/lib/ports.ts';
import { ANON_KEY, JWT_KEY } from '../src/keys.ts';
import { memoryLogger } from '../src/log.ts';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';
import { realtime } from './helpers/clients.ts';
import { listen } from './helpers/realtime.ts';

let dataDir: string;
let options: StackOptions;
let running: Stack | undefined;
let client: SupabaseClient | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'klub-realtime-restart-'));
  await chmod(dataDir, 0o755);
  const functionsDir = path.join(dataDir, 'no-functions');
  await mkdir(functionsDir);
  // Every port from the system.
  const [api, db, inbox, smtp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  options = {
    dataDir,
    functionsDir,
    ports: { api, db, inbox, smtp },
    seed: false,
    log: memoryLogger(),
  };
  running = await startStack(options);
}, 120_000);

afterAll(async () => {
  await client?.removeAllChannels();
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function sql<T extends pg.QueryResultRow>(dbUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const connection = new pg.Client({ connectionString: dbUrl });
  await connection.connect();
  try {
    return (await connection.query<T>(text, values)).rows;
  } finally {
    await connection.end();
  }
}

describe('a stack restart', () => {
  it('is followed by a reconnect that resubscribes and receives new rows', { timeout: 120_000 }, async () => {
    const first = running as Stack;
    const [user] = await sql<{ id: string }>(
      first.dbUrl,
      `insert into auth.users (id, aud, role, email) values (gen_random_uuid(), 'authenticated', 'authenticated', 'restart@example.test') returning id`,
    );
    const userId = user?.id as string;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(JWT_KEY);
    client = createClient(first.apiUrl, ANON_KEY, { accessToken: async () => token, realtime });
    await client.realtime.setAuth();
    const listening = await listen(client, [
      { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
    ]);
    const insert = (dbUrl: string, title: string) =>
      sql(dbUrl, `insert into public.notifications (user_id, type, title) values ($1, 'system', $2)`, [userId, title]);
    await insert(first.dbUrl, 'przed');
    await listening.changes.waitFor((change) => change.new.title === 'przed');

    await first.stop();
    running = undefined;
    expect(client.realtime.isConnected()).toBe(false);
    running = await startStack(options);

    await listening.statuses.waitFor(
      () => listening.statuses.items.filter((s) => s.status === 'SUBSCRIBED').length === 2,
      30_000,
      'the channel to be joined again',
    );
    await listening.system.waitFor(
      () => listening.system.items.filter((s) => s.message === 'Subscribed to PostgreSQL').length === 2,
      5_000,
      'the new subscription',
    );
    await insert(running.dbUrl, 'po');
    await listening.changes.waitFor((change) => change.new.title === 'po');
    expect(listening.changes.items.map((change) => change.new.title)).toEqual(['przed', 'po']);
  });
});
