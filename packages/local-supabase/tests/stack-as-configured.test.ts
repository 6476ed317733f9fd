// A stack started the way `npm run stack` starts it — config.toml's own values, the seed, the
// project's functions (supabase/functions) and its local-supabase.config.ts — but on other ports, as
// STACK_*_PORT move it:
// - the project's hook points the seeded SMTP configuration at the mail catcher, so a sign-up's
//   e-mail arrives; its service (the fake automation service) runs on the port it was given;
// - Auth enforces [auth.rate_limit] and [auth.email] max_frequency as hosted Auth does (the shared
//   stack of the other contract tests raises them, since its tests come from one IP within seconds).
// Clients are told apart by X-Forwarded-For, as the gateway passes the caller's address on.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/lib/ports.ts';
import { WORKDIR } from '../src/db/harness.ts';
import { memoryLogger } from '../src/log.ts';
import { loadProjectConfig } from '../src/project.ts';
import { startStack, type Stack } from '../src/stack.ts';
import { PASSWORD, uniqueEmail } from './helpers/accounts.ts';

let stack: Stack;
let folder: string;
let automationPort: number;
let chainPort: number;
let przelewy24Port: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'klub-configured-'));
  await chmod(folder, 0o755);
  // The project services' ports too (their defaults, the API port + an offset, may be another process's).
  const project = await loadProjectConfig(WORKDIR);
  const [api, db, inbox, smtp, automation, chain, przelewy24] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  stack = await startStack({
    dataDir: path.join(folder, 'data'),
    ports: { api, db, inbox, smtp },
    services: project.services,
    servicePorts: {
      automation: (automationPort = automation),
      chain: (chainPort = chain),
      przelewy24: (przelewy24Port = przelewy24),
    },
    onDatabaseReady: project.onDatabaseReady,
    log: memoryLogger(),
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(folder, { recursive: true, force: true });
});

let clients = 0;
/** A client of its own: a distinct address in X-Forwarded-For. */
const newClient = () => `203.0.113.${(clients += 1)}`;

async function auth(
  path: string,
  body: unknown,
  ip: string,
): Promise<{ status: number; code?: string; message?: string }> {
  const response = await fetch(`${stack.apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      'X-Forwarded-For': ip,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return { status: response.status, code: json.code, message: json.message };
}

const signUp = (email: string, ip: string) =>
  auth('/signup', { email, password: PASSWORD, data: { full_name: 'Jan Kowalski', phone: '+48500100200' } }, ip);

async function messagesTo(address: string): Promise<unknown[]> {
  const query = encodeURIComponent(`to:"${address}"`);
  const response = await fetch(`${stack.inboxUrl}/api/v1/search?query=${query}`);
  return ((await response.json()) as { messages: unknown[] }).messages;
}

describe('a stack on other ports, as config.toml configures it', () => {
  it('delivers the sign-up e-mail through the seeded SMTP configuration, which follows the mail catcher', async () => {
    expect(stack.smtpPort).not.toBe(54325);
    const email = uniqueEmail('moved-smtp');
    expect(await signUp(email, newClient())).toMatchObject({ status: 200 });
    await expect.poll(() => messagesTo(email), { timeout: 10_000 }).toHaveLength(1);
  });

  it('runs the project’s services on the ports they were given', async () => {
    expect(stack.services).toEqual({
      automation: `http://127.0.0.1:${automationPort}`,
      chain: `http://127.0.0.1:${chainPort}`,
      przelewy24: `http://127.0.0.1:${przelewy24Port}`,
    });
    const response = await fetch(`${stack.services.automation}/api/received`);
    expect(response.status).toBe(200);
    expect((await fetch(`${stack.services.chain}/api/state`)).status).toBe(200);
  });

  it('delivers a queued e-mail through send-outbox on the scheduled-jobs timer, and marks it sent', async () => {
    const to = uniqueEmail('outbox');
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(
        `insert into private.email_outbox (template, to_email, variables)
         values ('payment-confirmed', $1, '{"fname":"Jan","reference":"KLB-STACK1","item":"Plan START"}') returning id`,
        [to],
      );
      // The timer of supabase/scheduled-jobs.json (every 5 s) sends it; no one calls the function here.
      const deadline = Date.now() + 30_000;
      while ((await messagesTo(to)).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const messages = (await messagesTo(to)) as { Subject: string }[];
      expect(messages).toHaveLength(1);
      expect(messages[0]?.Subject).toBe('Potwierdziliśmy Twoją płatność KLB-STACK1');
      // The function marks the row after the SMTP server has accepted the message, so the mail can be
      // in the catcher a moment before the row says so.
      const state = async () =>
        (
          await db.query<{ sent: boolean; attempts: number }>(
            'select sent_at is not null as sent, attempts from private.email_outbox where id = $1',
            [rows[0]!.id],
          )
        ).rows[0];
      await expect.poll(state, { timeout: 10_000 }).toEqual({ sent: true, attempts: 1 });
    } finally {
      await db.end();
    }
  });

  it('answers send-outbox only with the service role key', async () => {
    const call = (key: string) =>
      fetch(`${stack.apiUrl}/functions/v1/send-outbox`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}` },
      });
    const anon = await call(stack.anonKey);
    expect(anon.status).toBe(401);
    await anon.body?.cancel();
    const service = await call(stack.serviceRoleKey);
    expect(service.status).toBe(200);
    expect(await service.json()).toMatchObject({ failed: 0 });
  });

  it('sends one e-mail of a kind per address per max_frequency (429 over_email_send_rate_limit)', async () => {
    expect(stack.config.auth.email.maxFrequency).toBe(60);
    const email = uniqueEmail('frequency');
    const ip = newClient();
    const sentAt = Date.now();
    expect(await signUp(email, ip)).toMatchObject({ status: 200 });
    const again = await auth('/resend', { type: 'signup', email }, ip);
    expect(again).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    // The seconds left of the 60: as many fewer as have passed since the sign-up (a busy machine
    // takes more than a second between the two requests), and never more than 60.
    const seconds = Number(
      /^For security purposes, you can only request this after (\d+) seconds\.$/.exec(again.message ?? '')?.[1],
    );
    const passed = Math.ceil((Date.now() - sentAt) / 1000);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(seconds).toBeGreaterThanOrEqual(60 - passed - 1);
  });

  it('limits requests per client: 30 at once, then 429 over_request_rate_limit, other clients unaffected', async () => {
    const ip = newClient();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(await auth('/recover', { email: uniqueEmail('nobody') }, ip)).toMatchObject({ status: 200 });
    }
    expect(await auth('/recover', { email: uniqueEmail('nobody') }, ip)).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(await auth('/recover', { email: uniqueEmail('nobody') }, newClient())).toMatchObject({ status: 200 });
  });

  it('stops guessing a six-digit code after 30 tries (verify) and a password after 30 (token)', async () => {
    const ip = newClient();
    const email = uniqueEmail('guess');
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const code = String(attempt).padStart(6, '0');
      expect(await auth('/verify', { type: 'email', email, token: code }, ip)).toMatchObject({ status: 403 });
    }
    expect(await auth('/verify', { type: 'email', email, token: '999999' }, ip)).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const tried = await auth('/token?grant_type=password', { email, password: `Guess-${attempt}` }, ip);
      expect(tried).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    expect(await auth('/token?grant_type=password', { email, password: 'Guess-31' }, ip)).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });

  it('sends at most email_sent e-mails an hour for the whole project, then refuses (429)', async () => {
    const limit = stack.config.auth.rateLimits.emailSent;
    expect(limit).toBe(100);
    // Activated members (made in SQL, to spend the time on e-mails only) ask for magic links, ten at
    // a time from distinct clients, until one is refused; the e-mails of the tests above count too.
    const prefix = `quota-${Date.now()}`;
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           $1 || '-' || n || '@example.test', '', now(), '{"provider": "email", "providers": ["email"]}',
           '{"full_name": "Jan Kowalski"}', now(), now(), false
         from generate_series(1, $2::int) as n`,
        [prefix, limit + 10],
      );
    } finally {
      await db.end();
    }
    let sent = 0;
    let refused: { status: number; code?: string } | undefined;
    for (let batch = 0; !refused && sent <= limit; batch += 1) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          auth(
            '/otp',
            { email: `${prefix}-${batch * 10 + index + 1}@example.test` },
            `198.51.${100 + batch}.${index + 1}`,
          ),
        ),
      );
      sent += results.filter((result) => result.status === 200).length;
      refused = results.find((result) => result.status !== 200);
    }
    expect(refused).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(sent).toBeLessThanOrEqual(limit);
    expect(sent).toBeGreaterThan(limit - 10);
  }, 120_000);
});
