// `npm run bench:przelewy24`: the payment path from 'Zapłać' to 'Opłacone' on the local stack, as a
// member's browser and the gateway walk it, with no admin action: the member records a START order by
// transfer (create_payment_order), asks przelewy24-register for the payment page, presses 'Zapłać'
// on the stack's Przelewy24 sandbox (its form), and waits, as the return page does, for the
// confirmation notification over Realtime (the sandbox → przelewy24-notification → verify → the
// confirmation). Starts its own stack (temporary data folder, free ports, seed, the app's services)
// and prints each run and p50/p95. A benchmark, not a test: it exits non-zero when a run fails.
//
// Options: --runs=20, --keep (keeps the data folder).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { ANON_KEY, freePort, loadProjectConfig, memoryLogger, startStack } from '@klub/local-supabase';
import { WORKDIR } from './lib/root.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, keep: { type: 'boolean' } } });
const runs = Number(values.runs);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klub-bench-p24-'));
  await chmod(dataDir, 0o755);
  const project = await loadProjectConfig(WORKDIR);
  const [api, db, inbox, smtp, automation, przelewy24] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const started = performance.now();
  const stack = await startStack({
    dataDir,
    ports: { api, db, inbox, smtp },
    servicePorts: { automation, przelewy24 },
    services: project.services,
    onDatabaseReady: project.onDatabaseReady,
    seed: true,
    scheduledJobs: [],
    log: memoryLogger(),
  });
  console.log(`stack ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${stack.apiUrl}`);
  const sandboxUrl = stack.services.przelewy24;
  if (!sandboxUrl) throw new Error('the stack has no przelewy24 service (local-supabase.config.ts)');

  // One member orders every run: the daily order limit (payment_settings, 10 by default) is raised.
  const admin = new pg.Client({ connectionString: stack.dbUrl });
  await admin.connect();
  await admin.query('update public.payment_settings set daily_order_limit = 100');
  await admin.end();

  const client = createClient(stack.apiUrl, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
  let failures = 0;
  const times: number[] = [];
  try {
    const { data: session, error } = await client.auth.signInWithPassword({
      email: 'jan@klub.local',
      password: 'Member1234',
    });
    if (error || !session.session) throw new Error(`sign-in failed: ${error?.message}`);
    const userId = session.user.id;
    const token = session.session.access_token;
    await client.realtime.setAuth(token);

    const confirmations = new Map<string, () => void>();
    const channel = client
      .channel('bench-payments')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
        (change) => {
          const data = (change.new as { data?: { reference?: string; status?: string } }).data;
          if (data?.status === 'paid' && data.reference) confirmations.get(data.reference)?.();
        },
      );
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) =>
        status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(new Error(status)),
      ),
    );

    for (let run = 1; run <= runs; run++) {
      const t0 = performance.now();
      try {
        const { data: order, error: orderError } = await client
          .rpc('create_payment_order', { p_method: 'transfer', p_plan_tier: 'START', p_consent_text: 'Zgoda (bench)' })
          .single<{ id: string; reference: string }>();
        if (orderError || !order) throw new Error(`create_payment_order: ${orderError?.message}`);
        const paid = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no confirmation within 30 s')), 30_000);
          confirmations.set(order.reference, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        const registered = await fetch(`${stack.apiUrl}/functions/v1/przelewy24-register`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, apikey: ANON_KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ orderId: order.id }),
        });
        const answer = (await registered.json()) as { url?: string; error?: unknown };
        if (!registered.ok || !answer.url) throw new Error(`register: ${registered.status} ${JSON.stringify(answer)}`);
        // 'Zapłać' on the sandbox's page: its form posts here and is sent back to urlReturn.
        const payToken = new URL(answer.url).pathname.split('/').at(-1);
        const pressed = await fetch(`${sandboxUrl}/trnRequest/${payToken}/pay`, { method: 'POST', redirect: 'manual' });
        if (pressed.status !== 303) throw new Error(`Zapłać: ${pressed.status}`);
        await paid;
        const ms = performance.now() - t0;
        times.push(ms);
        console.log(`run ${String(run).padStart(2)}: ${order.reference} paid in ${ms.toFixed(0)} ms`);
      } catch (failure) {
        failures += 1;
        console.error(`run ${run} failed: ${(failure as Error).message}`);
      }
    }
    await client.removeAllChannels();
  } finally {
    await stack.stop();
    if (!values.keep) await rm(dataDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  if (sorted.length) {
    console.log(
      `\n'Zapłać' → 'Opłacone' over ${sorted.length} runs: p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) as number).toFixed(0)} ms`,
    );
  }
  if (failures) {
    console.error(`${failures} run(s) failed`);
    process.exitCode = 1;
  }
}

await main();
