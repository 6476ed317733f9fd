// `npm run bench:privacy`: a member's data (issue 38) at volume, in a fresh temporary database.
// Seeds members whose ledger holds 5 000 rows each (with orders, notifications, votes and audit rows
// around them) among a club of other members and 200 000 entries of Auth's own audit log, then
// times as PostgREST calls them (one transaction on an `authenticator` connection, the role and the
// JWT claims set):
//   - 'Pobierz moje dane' (export_my_data) of such a member: aim < 2 s (issue 38 §1);
//   - 'Usuń konto' (delete_my_account: the password checked, the erasure in one transaction);
//   - the daily purge over 100 000 ledger rows without a member past their retention.
// Prints p50/p95/max per operation and the machine's load. A benchmark, not a test: it exits
// non-zero on errors only, never on a missed aim.
//
// Options: --iterations=20 (timed calls of the export; the deletion is timed once per prepared
// member, --deletions=10), --ledger=5000 (ledger rows of each timed member).
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDatabase } from '@klub/local-supabase';

const EXPORT_AIM_MS = 2_000;
const PASSWORD = 'Bench-haslo-1';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '20' },
    deletions: { type: 'string', default: '10' },
    ledger: { type: 'string', default: '5000' },
  },
});
const ITERATIONS = Number(values.iterations);
const DELETIONS = Number(values.deletions);
const LEDGER_ROWS = Number(values.ledger);

type Timing = { ms: number; bytes?: number };

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(name: string, timings: Timing[], aim?: number): void {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const bytes = timings[0]?.bytes;
  console.log(
    `${name.padEnd(46)} ${String(timings.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms  ` +
      `p95 ${p95.toFixed(0).padStart(6)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(6)} ms` +
      (bytes ? `  answer ${(bytes / 1024).toFixed(0)} KiB` : '') +
      (aim ? `  aim < ${aim} ms: ${p95 < aim ? 'met' : 'MISSED'}` : ''),
  );
}

function claimsOf(id: string, email: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: id,
    iat: now,
    exp: now + 3600,
  };
}

async function asMember<T>(pool: pg.Pool, id: string, email: string, sql: string, params: unknown[] = []) {
  const client = await pool.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(
      "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true)",
      [JSON.stringify(claimsOf(id, email))],
    );
    const result = await client.query<T & pg.QueryResultRow>(sql, params);
    await client.query('commit');
    return { ms: performance.now() - started, rows: result.rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Members like the ones timed: 5 000 ledger rows, orders, notifications, votes, audit rows. */
async function seedMembers(
  superuser: pg.Client,
  prefix: string,
  count: number,
  cost = 4,
  ledgerRows = LEDGER_ROWS,
): Promise<{ id: string; email: string }[]> {
  const { rows } = await superuser.query<{ id: string; email: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            $1 || g || '@bench.test', extensions.crypt($2, extensions.gen_salt('bf', $4::int)), now(),
            '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', 'Członek ' || $1 || g, 'phone', '+48500100200'),
            now(), now(), false
       from generate_series(1, $3) g
     returning id, email`,
    [prefix, PASSWORD, count, cost],
  );
  const ids = rows.map((row) => row.id);
  // The ledger: credits and debits that leave the wallet at 0 (an account is erased only then),
  // written as private.apply_wallet_entry would (the running balances after each entry), in one
  // statement per member: the balance itself ends where it began.
  await superuser.query(
    `insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, note, available_after, pending_after, created_at)
     select m.id, case when g % 2 = 1 then 'credit' else 'adjustment' end::public.wallet_transaction_kind,
            case when g % 2 = 1 then 10 else -10 end, 0, 'Wpis ' || g, case when g % 2 = 1 then 10 else 0 end, 0,
            now() - ((2 * $2 - g) || ' minutes')::interval
       from unnest($1::uuid[]) m(id), generate_series(1, $2) g`,
    [ids, ledgerRows - (ledgerRows % 2)],
  );
  if (prefix === 'klub') return rows;
  await superuser.query(
    `insert into public.notifications (user_id, type, title, content)
     select m.id, 'system', 'Powiadomienie ' || g, 'Treść powiadomienia ' || g from unnest($1::uuid[]) m(id), generate_series(1, 200) g`,
    [ids],
  );
  await superuser.query(
    `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, status, decided_at, decided_via,
                                        amount_received, expires_at, buyer_name, buyer_email, created_at)
     select private.new_payment_reference(), m.id, 'plan', 'START', 'transfer', 100, 'PLN', 'expired', now(), null, null,
            now() - interval '1 day', null, null, now() - interval '30 days'
       from unnest($1::uuid[]) m(id), generate_series(1, 20) g`,
    [ids],
  );
  await superuser.query(
    `insert into public.admin_audit_log (actor_kind, action, target_type, target_id, target_user_id, before, after)
     select 'system', 'profiles.update', 'profiles', m.id::text, m.id, '{"membership_level":"FREE"}', '{"membership_level":"START"}'
       from unnest($1::uuid[]) m(id), generate_series(1, 50) g`,
    [ids],
  );
  return rows;
}

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) delete process.env.DATABASE_URL;
  const db = await startDatabase();
  const superuser = new pg.Client({ connectionString: db.url });
  const authenticatorUrl = new URL(db.url);
  authenticatorUrl.username = 'authenticator';
  const pool = new pg.Pool({ connectionString: authenticatorUrl.toString(), max: 2 });
  try {
    await superuser.connect();
    console.log(`PostgreSQL (fresh, migrated in ${seconds(db.readyInMs)}), ${os.cpus().length} CPUs\n`);
    const seedStarted = performance.now();
    // The club around them: other members with a ledger, and Auth's log of a busy month.
    await seedMembers(superuser, 'klub', 2_000, 4, 100);
    await superuser.query(
      `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(),
              json_build_object('action', 'token_refreshed', 'actor_id', gen_random_uuid(), 'actor_username', 'x' || g || '@bench.test',
                                'actor_via_sso', false, 'log_type', 'token'),
              now() - (g || ' seconds')::interval, '203.0.113.' || (g % 250)
         from generate_series(1, 200000) g`,
    );
    const exporters = await seedMembers(superuser, 'eksport', 3);
    // GoTrue's bcrypt cost (10): the password check is part of the deletion's time.
    const leaving = await seedMembers(superuser, 'usuwany', DELETIONS, 10);
    for (const member of [...exporters, ...leaving]) {
      await superuser.query(
        `insert into auth.audit_log_entries (instance_id, id, payload, created_at)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(),
                json_build_object('action', 'login', 'actor_id', $1::text, 'actor_username', $2::text, 'log_type', 'account'), now()
           from generate_series(1, 100)`,
        [member.id, member.email],
      );
    }
    // The purge's work: ledger rows of erased members, past their retention.
    await superuser.query(
      `insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, note, created_at)
       select null, 'credit', 1, 0, 'Usunięty członek', timestamptz '2019-06-01' + (g || ' seconds')::interval
         from generate_series(1, 100000) g`,
    );
    await superuser.query('analyze');
    console.log(
      `Seeding took ${seconds(performance.now() - seedStarted)} (ledger rows per timed member: ${LEDGER_ROWS})\n`,
    );

    const loadBefore = loadAverage();
    // 'Pobierz moje dane': the day's limit of 3 is lifted between calls (the requests are deleted).
    const exportTimings: Timing[] = [];
    for (let i = 0; i < ITERATIONS + 2; i += 1) {
      const member = exporters[i % exporters.length]!;
      await superuser.query("delete from public.privacy_requests where user_id = $1 and kind = 'export'", [member.id]);
      const { ms, rows } = await asMember<{ data: unknown }>(
        pool,
        member.id,
        member.email,
        'select public.export_my_data() as data',
      );
      if (i >= 2) exportTimings.push({ ms, bytes: JSON.stringify(rows[0]?.data).length });
    }
    report(`export_my_data (${LEDGER_ROWS} ledger rows)`, exportTimings, EXPORT_AIM_MS);

    const deletionTimings: Timing[] = [];
    for (const member of leaving) {
      const { ms, rows } = await asMember<{ result: string }>(
        pool,
        member.id,
        member.email,
        "select public.delete_my_account($1, 'USUŃ') as result",
        [PASSWORD],
      );
      if (rows[0]?.result !== 'deleted') throw new Error(`delete_my_account answered ${rows[0]?.result}`);
      deletionTimings.push({ ms });
    }
    report(`delete_my_account (${LEDGER_ROWS} ledger rows, bcrypt 10)`, deletionTimings);

    const started = performance.now();
    const { rows } = await superuser.query<{ counts: Record<string, number> }>(
      'select private.run_privacy_purge() as counts',
    );
    report('run_privacy_purge', [{ ms: performance.now() - started }]);
    console.log(`  purged: ${JSON.stringify(rows[0]?.counts)}`);
    console.log(`\nLoad average (1, 5, 15 min) when the timing began: ${loadBefore}; when it ended: ${loadAverage()}`);
  } finally {
    await pool.end().catch(() => undefined);
    await superuser.end().catch(() => undefined);
    await db.stop();
  }
}

await main();
