import { randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll } from 'vitest';
import {
  admin,
  asActor,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import {
  balanceOf,
  checkLedgerAfterEachTest,
  enableUsdtNetworks,
  fundWallet,
  notificationsOf,
} from '../helpers/money-factories.ts';

// Money amounts fit their columns: an amount the column
// cannot hold is refused with a message key, never with a bare numeric overflow (22003), on every
// admin and member RPC that takes an amount or adds to a balance.
describe('money amount limits', () => {
  checkLedgerAfterEachTest();

  describe('payout runs: the USDT totals are numeric(18, 2)', () => {
    it('refuses a revenue entry and rate whose payout would reach 10^16 with payouts.amount_too_high, before writing anything', async () => {
      const adminUser = await createAdmin();
      const { rows } = await admin().query<{ id: string }>(
        `insert into public.ecommerce_revenue (amount) values (999999999999.99) returning id`,
      );
      const revenueId = rows[0]!.id;
      const { rows: previous } = await admin().query<{ rate: string | null }>(
        'select private.payout_previous_rate()::text as rate',
      );
      try {
        for (const sql of [
          'select * from public.admin_preview_payout($1, 999999)',
          `select * from public.admin_run_payout($1, 999999, 1, 1, 1, $2::numeric)`,
        ]) {
          const params = sql.includes('$2') ? [revenueId, previous[0]!.rate] : [revenueId];
          expect(await errorOf(queryAs(adminUser, sql, params))).toEqual({
            code: 'P0001',
            message: 'payouts.amount_too_high',
          });
        }
        const { rows: runs } = await admin().query('select id from public.payout_runs where revenue_id = $1', [
          revenueId,
        ]);
        expect(runs).toEqual([]);
        // The same entry at an ordinary rate previews as before.
        const preview = await queryAs<{ tier: string; pool_pln: string }>(
          adminUser,
          'select tier, pool_pln from public.admin_preview_payout($1, 0.25)',
          [revenueId],
        );
        expect(preview.map((t) => t.tier)).toEqual(['START', 'PREMIUM', 'VIP']);
      } finally {
        await admin().query('delete from public.ecommerce_revenue where id = $1', [revenueId]);
      }
    });
  });
});

// Profit payouts (issue 35 §2): shares by the level held on the entry's day, one snapshot, the
// preview's totals checked, the rate compared with the previous run's, reversal with debts, and
// corrections of revenue entries. Each test pays entries of its own year in the 1980s (before any other file's periods,
// some of which never end), so only the periods it makes cover the entry's day.
type Level = 'START' | 'PREMIUM' | 'VIP';

interface PreviewRow {
  tier: Level;
  members: number;
  per_member_pln: string;
  per_member_usdt: string;
  run_members: number;
  run_total_pln: string;
  run_total_usdt: string;
  previous_rate: string | null;
  rate_far: boolean;
}

interface RunRow {
  id: string;
  members_count: number;
  total_pln: string;
  total_usdt: string;
  created_at: Date;
  previous_rate: string | null;
  rate_confirmed: boolean;
  reversed_at: Date | null;
  reversed_debited_usdt: string | null;
  reversed_debt_usdt: string | null;
}

/** A revenue entry recorded on `day` (Europe/Warsaw noon), as an admin's insert would. */
async function revenueOn(day: string, amount = '1000.00'): Promise<string> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into public.ecommerce_revenue (amount, created_at) values ($1, ($2::date + time '12:00') at time zone 'Europe/Warsaw') returning id`,
    [amount, day],
  );
  return rows[0]!.id;
}

/** A membership period of `level` from `first` to `last` (as the backfill writes them, with the level cache). */
async function period(userId: string, level: Level, first: string, last: string): Promise<void> {
  await admin().query(
    `with p as (insert into public.membership_periods (user_id, level, first_day, last_day, source)
                values ($1, $2, $3, $4, 'backfill') returning user_id)
     select 1 from p`,
    [userId, level, first, last],
  );
  await admin().query('select private.sync_membership_cache($1)', [userId]);
}

async function preview(adminUser: TestUser, revenueId: string, rate: string): Promise<PreviewRow[]> {
  return queryAs<PreviewRow>(adminUser, 'select * from public.admin_preview_payout($1, $2)', [revenueId, rate]);
}

/** The run as the tab sends it: the preview's expected figures, and its previous rate when the rate is far. */
async function runAsPreviewed(
  adminUser: TestUser,
  revenueId: string,
  rate: string,
  rows?: PreviewRow[],
): Promise<RunRow> {
  const seen = rows ?? (await preview(adminUser, revenueId, rate));
  const first = seen[0]!;
  const [run] = await queryAs<RunRow>(adminUser, 'select * from public.admin_run_payout($1, $2, $3, $4, $5, $6)', [
    revenueId,
    rate,
    first.run_members,
    first.run_total_pln,
    first.run_total_usdt,
    first.rate_far ? first.previous_rate : null,
  ]);
  return run!;
}

async function itemsOf(runId: string) {
  const { rows } = await admin().query<{ user_id: string; tier: Level; amount_pln: string; amount_usdt: string }>(
    'select user_id, tier, amount_pln, amount_usdt from public.payout_run_items where run_id = $1 order by user_id',
    [runId],
  );
  return rows;
}

/** The run's credits in the ledger: its transaction's profit_payout entries (now() is the run's created_at). */
async function ledgerOfRun(run: RunRow) {
  const { rows } = await admin().query<{ n: number; usdt: string }>(
    `select count(*)::int as n, coalesce(sum(available_delta), 0)::numeric(18, 2)::text as usdt
       from public.wallet_transactions
      where kind = 'profit_payout' and created_at = (select r.created_at from public.payout_runs r where r.id = $1)`,
    [run.id],
  );
  return rows[0]!;
}

async function lastAuditId(): Promise<number> {
  const { rows } = await admin().query<{ id: string | null }>('select max(id) as id from public.admin_audit_log');
  return Number(rows[0]?.id ?? 0);
}

async function auditActionsSince(sinceId: number) {
  const { rows } = await admin().query<{ action: string; after: Record<string, unknown> | null }>(
    'select action, after from public.admin_audit_log where id > $1 order by id',
    [sinceId],
  );
  return rows;
}

describe('profit payouts', () => {
  checkLedgerAfterEachTest();
  let adminUser: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  describe('shares by the level held on the entry’s day', () => {
    it('pays the members holding a level that day at that level, not today’s members or levels; the rate in the note, notification and e-mail', async () => {
      const day = '1980-03-10';
      const start = await createMember();
      const upgraded = await createMember();
      const joinedLater = await createMember();
      const lapsed = await createMember();
      const vip = await createMember();
      await period(start.id, 'START', '1980-01-01', '1980-12-31');
      // START on the day, VIP from a week later: paid from the START pool.
      await period(upgraded.id, 'START', '1979-06-01', '1980-03-16');
      await period(upgraded.id, 'VIP', '1980-03-17', '1981-03-16');
      await period(joinedLater.id, 'PREMIUM', '1980-03-11', '1981-03-10');
      await period(lapsed.id, 'PREMIUM', '1979-03-10', '1980-03-09');
      await period(vip.id, 'VIP', '1980-03-10', '1981-03-09');
      const revenueId = await revenueOn(day, '1000.00');

      const rows = await preview(adminUser, revenueId, '0.25');
      expect(rows.map((r) => [r.tier, r.members, r.per_member_pln])).toEqual([
        ['START', 2, '25.00'],
        ['PREMIUM', 0, '0.00'],
        ['VIP', 1, '200.00'],
      ]);
      expect(rows[0]).toMatchObject({ run_members: 3, run_total_pln: '250.00', run_total_usdt: '62.50' });

      const run = await runAsPreviewed(adminUser, revenueId, '0.25', rows);
      expect(run).toMatchObject({ members_count: 3, total_pln: '250.00', total_usdt: '62.50' });
      expect(await itemsOf(run.id)).toEqual(
        [
          { user_id: start.id, tier: 'START', amount_pln: '25.00', amount_usdt: '6.25' },
          { user_id: upgraded.id, tier: 'START', amount_pln: '25.00', amount_usdt: '6.25' },
          { user_id: vip.id, tier: 'VIP', amount_pln: '200.00', amount_usdt: '50.00' },
        ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
      );
      expect(await ledgerOfRun(run)).toEqual({ n: 3, usdt: '62.50' });
      expect((await balanceOf(joinedLater.id))?.available_balance).toBe('0.00');
      expect((await balanceOf(lapsed.id))?.available_balance).toBe('0.00');

      const note = (await notificationsOf(upgraded.id)).find((n) => n.type === 'profit');
      expect(note?.content).toBe('Otrzymałeś 25.00 PLN z puli START: 6.25 USDT po kursie 0.25 USDT za 1 PLN.');
      expect(note?.data).toMatchObject({ amount: 25, tier: 'START', percentage: 5, rate: 0.25, amountUsdt: 6.25 });
      const { rows: mails } = await admin().query<{ variables: Record<string, string> }>(
        `select variables from private.email_outbox where user_id = $1 and template = 'profit-payout'`,
        [vip.id],
      );
      expect(mails[0]?.variables).toMatchObject({ amount: '200.00 PLN', amount_usdt: '50.00 USDT', rate: '0.25' });
      const { rows: template } = await admin().query<{ text_content: string; variables: { name: string }[] }>(
        `select text_content, variables from public.email_templates where name = 'profit-payout'`,
      );
      expect(template[0]?.text_content).toContain('{{rate}}');
      expect(template[0]?.variables.map((v) => v.name)).toContain('rate');
    });

    it('the preview’s day counters give the same members as the periods, whatever happened to them', async () => {
      const member = await createMember();
      const other = await createMember();
      await period(member.id, 'PREMIUM', '1982-01-01', '1982-06-30');
      await period(member.id, 'VIP', '1982-07-01', '1983-06-30');
      await period(other.id, 'START', '1982-02-01', '1983-01-31');
      // Shortened (an upgrade), moved, deleted: the counters follow every change.
      await admin().query(
        `update public.membership_periods set last_day = '1982-03-31', shortened_at = now(), shortened_reason = 'admin', shortened_from = last_day
          where user_id = $1`,
        [other.id],
      );
      await admin().query('select private.sync_membership_cache($1)', [other.id]);
      const erased = await createMember();
      await period(erased.id, 'VIP', '1982-01-01', '1982-12-31');
      await admin().query('delete from auth.users where id = $1', [erased.id]);
      const { rows } = await admin().query<{
        day: string;
        counters: Record<string, number>;
        periods: Record<string, number>;
      }>(
        `select d::date::text as day, private.payout_level_counts(d::date) as counters,
                (select coalesce(jsonb_object_agg(x.tier, x.n), '{}'::jsonb)
                   from (select tier, count(*) as n from private.payout_day_levels(d::date) group by tier) x) as periods
           from generate_series('1981-12-31'::date, '1983-07-01'::date, interval '1 day') d`,
      );
      const differing = rows.filter(
        (r) =>
          JSON.stringify(r.counters, Object.keys(r.counters).sort()) !==
          JSON.stringify(r.periods, Object.keys(r.periods).sort()),
      );
      expect(differing).toEqual([]);
      expect(rows.find((r) => r.day === '1982-03-15')?.periods).toEqual({ PREMIUM: 1, START: 1 });
      expect(rows.find((r) => r.day === '1982-05-15')?.periods).toEqual({ PREMIUM: 1 });
    });
  });

  describe('the run checks the preview it was confirmed from', () => {
    it('refuses when the members or totals differ from the preview (a level changed in between), writing nothing', async () => {
      const a = await createMember();
      const b = await createMember();
      await period(a.id, 'START', '1984-01-01', '1984-12-31');
      const revenueId = await revenueOn('1984-05-05', '500.00');
      const rows = await preview(adminUser, revenueId, '0.25');
      expect(rows[0]).toMatchObject({ run_members: 1 });
      // b buys START after the admin looked.
      await period(b.id, 'START', '1984-05-01', '1985-04-30');

      expect(
        await errorOf(
          queryAs(adminUser, 'select * from public.admin_run_payout($1, $2, $3, $4, $5, $6)', [
            revenueId,
            '0.25',
            rows[0]!.run_members,
            rows[0]!.run_total_pln,
            rows[0]!.run_total_usdt,
            rows[0]!.rate_far ? rows[0]!.previous_rate : null,
          ]),
        ),
      ).toEqual({ code: 'P0001', message: 'payouts.preview_stale' });
      expect((await admin().query('select 1 from public.payout_runs where revenue_id = $1', [revenueId])).rows).toEqual(
        [],
      );
      expect((await balanceOf(a.id))?.available_balance).toBe('0.00');
      // A new preview, and the run goes through.
      const run = await runAsPreviewed(adminUser, revenueId, '0.25');
      expect(run.members_count).toBe(2);
    });

    it('a level change committed while the run credits wallets changes nothing: totals = items = ledger', async () => {
      const members = await Promise.all(Array.from({ length: 4 }, () => createMember()));
      for (const m of members) await period(m.id, 'PREMIUM', '1985-01-01', '1985-12-31');
      const newcomer = await createMember();
      const revenueId = await revenueOn('1985-06-01', '900.00');
      const rows = await preview(adminUser, revenueId, '0.25');
      const blocked = [...members].sort((x, y) => x.id.localeCompare(y.id))[2]!;

      // Hold one member's wallet row: the run builds its items, credits the first wallets and waits.
      const holder = await admin().connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from public.wallet_balances where user_id = $1 for update', [blocked.id]);
        const running = runAsPreviewed(adminUser, revenueId, '0.25', rows);
        await waitForLockWait('admin_run_payout');
        // Meanwhile: a newcomer gets PREMIUM on the day, and a paid member is upgraded to VIP on it.
        await period(newcomer.id, 'PREMIUM', '1985-05-01', '1986-04-30');
        await admin().query(`update public.membership_periods set level = 'VIP' where user_id = $1`, [members[0]!.id]);
        await admin().query('select private.sync_membership_cache($1)', [members[0]!.id]);
        await holder.query('commit');
        const run = await running;
        expect(run.members_count).toBe(4);
        const items = await itemsOf(run.id);
        expect(items.map((i) => i.user_id).sort()).toEqual(members.map((m) => m.id).sort());
        expect(new Set(items.map((i) => i.tier))).toEqual(new Set(['PREMIUM']));
        expect(await ledgerOfRun(run)).toEqual({ n: 4, usdt: run.total_usdt });
        expect((await balanceOf(newcomer.id))?.available_balance).toBe('0.00');
      } finally {
        await holder.query('rollback').catch(() => undefined);
        holder.release();
      }
    });
  });

  describe('rate sanity: more than 20 % from the previous run needs a confirmation naming it', () => {
    it('a rate 16× the previous is refused until the previous rate is repeated; within 20 % no confirmation', async () => {
      const member = await createMember();
      await period(member.id, 'VIP', '1986-01-01', '1986-12-31');
      const first = await revenueOn('1986-02-01', '100.00');
      await runAsPreviewed(adminUser, first, '0.25');

      const second = await revenueOn('1986-03-01', '100.00');
      const far = await preview(adminUser, second, '4.000000');
      expect(far[0]).toMatchObject({ previous_rate: '0.250000', rate_far: true });
      const args = (confirmed: string | null) => [
        second,
        '4.0',
        far[0]!.run_members,
        far[0]!.run_total_pln,
        far[0]!.run_total_usdt,
        confirmed,
      ];
      const run = 'select * from public.admin_run_payout($1, $2, $3, $4, $5, $6)';
      for (const confirmed of [null, '0.3']) {
        expect(await errorOf(queryAs(adminUser, run, args(confirmed)))).toEqual({
          code: 'P0001',
          message: 'payouts.rate_confirmation_required',
        });
      }
      expect((await preview(adminUser, second, '0.29'))[0]).toMatchObject({ rate_far: false });
      expect((await preview(adminUser, second, '0.31'))[0]).toMatchObject({ rate_far: true });
      expect((await preview(adminUser, second, '0.2'))[0]).toMatchObject({ rate_far: false });

      const [confirmed] = await queryAs<RunRow>(adminUser, run, args('0.25'));
      expect(confirmed).toMatchObject({ previous_rate: '0.250000', rate_confirmed: true });
      const since = await lastAuditId();
      const third = await revenueOn('1986-04-01', '100.00');
      const near = await runAsPreviewed(adminUser, third, '3.9');
      expect(near).toMatchObject({ previous_rate: '4.000000', rate_confirmed: false });
      expect(
        (await auditActionsSince(since)).map((a) => [a.action, a.after?.['rate_pln_usdt'], a.after?.['previous_rate']]),
      ).toEqual([['payout.run', 3.9, 4]]);
    });
  });

  describe('admin_reverse_payout', () => {
    it('takes the whole run back: what the balance covers now, the rest a debt; frees the entry; audited; once', async () => {
      const rich = await createMember();
      const spent = await createMember();
      await period(rich.id, 'START', '1987-01-01', '1987-12-31');
      await period(spent.id, 'START', '1987-01-01', '1987-12-31');
      const revenueId = await revenueOn('1987-02-02', '400.00');
      const run = await runAsPreviewed(adminUser, revenueId, '0.5');
      expect(run.total_usdt).toBe('10.00');
      await fundWallet(rich, '1.00');
      // spent moves 4 of its 5 USDT into a withdrawal: 1 is available at the reversal.
      await withdraw(spent, '4.00');

      for (const actor of [rich, 'anon', 'service_role'] as Actor[]) {
        expect(await sqlState(queryAs(actor, 'select * from public.admin_reverse_payout($1, $2)', [run.id, 'x']))).toBe(
          '42501',
        );
      }
      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_reverse_payout($1, $2)', [run.id, '  '])),
      ).toMatchObject({ message: 'payouts.invalid_reason' });

      const since = await lastAuditId();
      const [reversed] = await queryAs<RunRow>(adminUser, 'select * from public.admin_reverse_payout($1, $2)', [
        run.id,
        'Błędny kurs',
      ]);
      expect(reversed).toMatchObject({ reversed_debited_usdt: '6.00', reversed_debt_usdt: '4.00' });
      expect(await balanceOf(rich.id)).toMatchObject({ available_balance: '1.00' });
      expect(await balanceOf(spent.id)).toMatchObject({ available_balance: '0.00', pending_balance: '4.00' });
      const { rows: debts } = await admin().query(
        'select user_id, amount, source_type, source_id, reason from public.wallet_debts where source_id = $1',
        [run.id],
      );
      expect(debts).toEqual([
        {
          user_id: spent.id,
          amount: '4.00',
          source_type: 'payout_run',
          source_id: run.id,
          reason: 'Cofnięcie wypłaty zysków z 02.02.1987: Błędny kurs',
        },
      ]);
      const { rows: items } = await admin().query(
        'select user_id, reversal_debited, reversal_debt from public.payout_run_items where run_id = $1 order by user_id',
        [run.id],
      );
      expect(items).toEqual(
        [
          { user_id: rich.id, reversal_debited: '5.00', reversal_debt: '0.00' },
          { user_id: spent.id, reversal_debited: '1.00', reversal_debt: '4.00' },
        ].sort((a, b) => a.user_id.localeCompare(b.user_id)),
      );
      expect((await notificationsOf(spent.id)).find((n) => n.title === 'Cofnięto wypłatę zysków')?.content).toBe(
        'Wypłata zysków 5.00 USDT (pula START) została cofnięta: Błędny kurs. Z portfela pobrano 1.00 USDT, a 4.00 USDT zostanie potrącone z kolejnych wpływów.',
      );
      expect((await auditActionsSince(since)).map((a) => [a.action, a.after?.['debt_usdt']])).toEqual([
        ['payout.reverse', 4],
      ]);

      // A repeated submit returns the reversed run; nothing moves again.
      const [again] = await queryAs<RunRow>(adminUser, 'select * from public.admin_reverse_payout($1, $2)', [
        run.id,
        'Błędny kurs',
      ]);
      expect(again?.reversed_at).toEqual(reversed!.reversed_at);
      expect((await auditActionsSince(since)).length).toBe(1);

      // The entry is free again: a new run at the right rate; its credit pays spent's debt first.
      const rerun = await runAsPreviewed(adminUser, revenueId, '0.25');
      expect(rerun.total_usdt).toBe('5.00');
      expect(await balanceOf(spent.id)).toMatchObject({ available_balance: '0.00' });
      expect(await balanceOf(rich.id)).toMatchObject({ available_balance: '3.50' });
      const { rows: open } = await admin().query(
        'select amount, repaid, settled_at is not null as settled from public.wallet_debts where source_id = $1',
        [run.id],
      );
      expect(open).toEqual([{ amount: '4.00', repaid: '2.50', settled: false }]);
    });

    it('refuses a run older than 30 days and an unknown run', async () => {
      const member = await createMember();
      await period(member.id, 'VIP', '1988-01-01', '1988-12-31');
      const run = await runAsPreviewed(adminUser, await revenueOn('1988-02-02', '10.00'), '0.25');
      await admin().query(`update public.payout_runs set created_at = now() - interval '31 days' where id = $1`, [
        run.id,
      ]);
      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_reverse_payout($1, $2)', [run.id, 'Za późno'])),
      ).toEqual({ code: 'P0001', message: 'payouts.reversal_too_late' });
      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_reverse_payout($1, $2)', [randomUUID(), 'x'])),
      ).toEqual({ code: 'P0002', message: 'payouts.run_not_found' });
      expect((await balanceOf(member.id))?.available_balance).toBe('0.50');
    });
  });

  describe('revenue entries: correct or void one not paid out', () => {
    it('corrects and voids with a reason, audited; refuses a paid entry, a voided one and non-admins', async () => {
      const member = await createMember();
      await period(member.id, 'START', '1989-01-01', '1989-12-31');
      const entry = await revenueOn('1989-03-03', '100.00');
      const since = await lastAuditId();
      const [corrected] = await queryAs<{ amount: string; correction_reason: string }>(
        adminUser,
        'select amount, correction_reason from public.admin_correct_revenue($1, $2, $3)',
        [entry, '120.00', 'Literówka w kwocie'],
      );
      expect(corrected).toEqual({ amount: '120.00', correction_reason: 'Literówka w kwocie' });
      const audit = await admin().query<{
        action: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }>('select action, before, after from public.admin_audit_log where id > $1 order by id', [since]);
      expect(
        audit.rows.map((a) => [a.action, a.before['amount'], a.after['amount'], a.after['correction_reason']]),
      ).toEqual([['ecommerce_revenue.update', 100, 120, 'Literówka w kwocie']]);
      for (const actor of [member, 'anon', 'service_role'] as Actor[]) {
        expect(
          await sqlState(queryAs(actor, 'select * from public.admin_correct_revenue($1, 1, $2)', [entry, 'x'])),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'select * from public.admin_void_revenue($1, $2)', [entry, 'x']))).toBe(
          '42501',
        );
      }
      for (const [amount, reason, message] of [
        ['-1', 'x', 'payouts.invalid_amount'],
        ['1.001', 'x', 'payouts.invalid_amount'],
        ['120.00', 'x', 'payouts.amount_unchanged'],
        ['5', ' ', 'payouts.invalid_reason'],
      ] as const) {
        expect(
          await errorOf(
            queryAs(adminUser, 'select * from public.admin_correct_revenue($1, $2, $3)', [entry, amount, reason]),
          ),
        ).toMatchObject({ message });
      }

      const run = await runAsPreviewed(adminUser, entry, '0.25');
      expect(run.total_pln).toBe('6.00');
      for (const sql of [
        `select * from public.admin_correct_revenue($1, 50, 'x')`,
        `select * from public.admin_void_revenue($1, 'x')`,
      ]) {
        expect(await errorOf(queryAs(adminUser, sql, [entry]))).toMatchObject({ message: 'payouts.already_paid' });
      }

      const other = await revenueOn('1989-04-04', '100.00');
      await queryAs(adminUser, 'select * from public.admin_void_revenue($1, $2)', [other, 'Wpis podwójny']);
      expect(await errorOf(preview(adminUser, other, '0.25'))).toMatchObject({ message: 'payouts.revenue_voided' });
      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_run_payout($1, 0.25, 1, 5, 1.25, null)', [other])),
      ).toMatchObject({ message: 'payouts.revenue_voided' });
      expect(
        await errorOf(queryAs(adminUser, `select * from public.admin_correct_revenue($1, 50, 'x')`, [other])),
      ).toMatchObject({ message: 'payouts.revenue_voided' });
    });
  });
});

/** Waits until a statement calling `fn` waits for a lock (at most 10 s). */
async function waitForLockWait(fn: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await admin().query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%' || $1 || '%'`,
      [fn],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no statement calling ${fn} waits for a lock`);
}

/**
 * A pending withdrawal of the member's own money (no funding first), on ERC20: the network no test
 * file switches off (chain.test.ts and wallet.test.ts switch BSC and TRC20 for moments).
 */
async function withdraw(member: TestUser, amount: string): Promise<void> {
  await enableUsdtNetworks();
  await asActor(member, (query) =>
    query('select * from public.request_withdrawal($1, $2, $3)', [amount, 'ERC20', `0x${'ab'.repeat(20)}`]),
  );
}
