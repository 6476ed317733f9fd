import { describe, expect, it, afterEach, beforeAll } from 'vitest';
import {
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import { checkLedgerAfterEachTest, ledgerMismatches, notificationsOf } from '../helpers/money-factories.ts';
import { setMembershipLevel } from '../helpers/accounts-factories.ts';

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
      try {
        for (const sql of [
          'select * from public.admin_preview_payout($1, 999999)',
          'select * from public.admin_run_payout($1, 999999)',
        ]) {
          expect(await errorOf(queryAs(adminUser, sql, [revenueId]))).toEqual({
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

// Money operations (issue 20): the ledger history with balances after, cancelling a withdrawal
// (racing a settlement), saved addresses, admin credit/debit, payout runs, notification
// preferences, and the audit row every admin write appends.
interface AuditRow {
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_user_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Audit rows appended after `sinceId`, oldest first. */
async function auditSince(sinceId: number): Promise<AuditRow[]> {
  const { rows } = await admin().query<AuditRow>(
    `select actor_id, action, target_type, target_id, target_user_id, before, after
       from public.admin_audit_log where id > $1 order by id`,
    [sinceId],
  );
  return rows;
}

async function lastAuditId(): Promise<number> {
  const { rows } = await admin().query<{ id: string | null }>('select max(id) as id from public.admin_audit_log');
  return Number(rows[0]?.id ?? 0);
}

/** A revenue entry recorded on `day` (Europe/Warsaw noon), as server code would insert it. */
async function revenueEntry(amount: string, day = '2026-11-20'): Promise<string> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into public.ecommerce_revenue (amount, created_at) values ($1, ($2::date + time '12:00') at time zone 'Europe/Warsaw') returning id`,
    [amount, day],
  );
  return rows[0]!.id;
}

describe('money operations', () => {
  let member: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    adminUser = await createAdmin();
  });

  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });

  describe('payout runs', () => {
    it('preview: per tier pools split equally among effective members, rounded down, remainder shown', async () => {
      // An isolated world: the revenue day is far in the future, so only members whose end date is
      // on or after it count; everyone else's level is FREE there... unless they have no end date.
      // So the test counts members relative to the current population instead.
      const day = '2026-11-20';
      const base = await queryAs<{ tier: string; members: number }>(
        adminUser,
        'select tier, members from public.admin_preview_payout($1, 0.25)',
        [await revenueEntry('1000.00', day)],
      );
      const start = await createMember();
      const expired = await createMember();
      await setMembershipLevel(start.id, 'START');
      await setMembershipLevel(expired.id, 'START');
      await admin().query(`update public.profiles set membership_valid_until = '2026-11-19' where user_id = $1`, [
        expired.id,
      ]);

      const revenueId = await revenueEntry('1000.00', day);
      const preview = await queryAs<{
        tier: string;
        percentage: string;
        pool_pln: string;
        members: number;
        per_member_pln: string;
        per_member_usdt: string;
        remainder_pln: string;
      }>(adminUser, 'select * from public.admin_preview_payout($1, 0.25)', [revenueId]);
      expect(preview.map((t) => [t.tier, t.percentage, t.pool_pln])).toEqual([
        ['START', '5.00', '50.00'],
        ['PREMIUM', '15.00', '150.00'],
        ['VIP', '20.00', '200.00'],
      ]);
      const startRow = preview[0]!;
      expect(startRow.members).toBe(base[0]!.members + 1);
      const n = startRow.members;
      const share = Math.floor((50 * 100) / n) / 100;
      expect(Number(startRow.per_member_pln)).toBe(share);
      expect(Number(startRow.per_member_usdt)).toBe(Math.floor(share * 0.25 * 100) / 100);
      expect(Number(startRow.remainder_pln)).toBeCloseTo(50 - share * n, 2);
      for (const actor of [member, 'anon'] as Actor[]) {
        expect(await sqlState(queryAs(actor, 'select * from public.admin_preview_payout($1, 0.25)', [revenueId]))).toBe(
          '42501',
        );
      }
      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_preview_payout($1, 0)', [revenueId])),
      ).toMatchObject({ message: 'payouts.invalid_rate' });
    });

    it('run: credits exactly the previewed totals once, notifies each member, audits; two admins at once: one run', async () => {
      const secondAdmin = await createAdmin();
      const vip = await createMember();
      await setMembershipLevel(vip.id, 'VIP');
      const revenueId = await revenueEntry('777.77');
      const preview = await queryAs<{
        tier: string;
        members: number;
        per_member_pln: string;
        per_member_usdt: string;
        percentage: string;
      }>(adminUser, 'select * from public.admin_preview_payout($1, 0.2512)', [revenueId]);
      const since = await lastAuditId();
      const { rows: before } = await admin().query<{ total: string }>(
        'select coalesce(sum(available_balance), 0)::text as total from public.wallet_balances',
      );

      const results = await Promise.allSettled(
        [adminUser, secondAdmin].map((a) =>
          queryAs(a, 'select * from public.admin_run_payout($1, 0.2512)', [revenueId]),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(['payouts.already_paid']).toContain(rejected.reason.message);

      const paying = preview.filter((t) => Number(t.per_member_usdt) > 0);
      const expectedUsdt = paying.reduce((sum, t) => sum + Math.round(Number(t.per_member_usdt) * 100) * t.members, 0);
      const { rows: after } = await admin().query<{ total: string }>(
        'select coalesce(sum(available_balance), 0)::text as total from public.wallet_balances',
      );
      expect(Math.round(Number(after[0]!.total) * 100) - Math.round(Number(before[0]!.total) * 100)).toBe(expectedUsdt);

      const [run] = await queryAs<{
        total_usdt: string;
        members_count: number;
        rate_pln_usdt: string;
        created_by: string;
      }>(
        adminUser,
        'select total_usdt, members_count, rate_pln_usdt, created_by from public.payout_runs where revenue_id = $1',
        [revenueId],
      );
      expect(Math.round(Number(run!.total_usdt) * 100)).toBe(expectedUsdt);
      expect(run!.rate_pln_usdt).toBe('0.251200');
      expect([adminUser.id, secondAdmin.id]).toContain(run!.created_by);

      const vipTier = preview.find((t) => t.tier === 'VIP')!;
      const vipNote = (await notificationsOf(vip.id)).find((n) => n.type === 'profit');
      expect(vipNote?.data).toMatchObject({
        amount: Number(vipTier.per_member_pln),
        percentage: 20,
        tier: 'VIP',
        currency: 'PLN',
      });
      expect((await auditSince(since)).map((a) => a.action)).toEqual(['payout.run']);
      expect(
        await queryAs(vip, 'select kind, available_delta from public.wallet_transactions where user_id = $1', [vip.id]),
      ).toEqual([{ kind: 'profit_payout', available_delta: vipTier.per_member_usdt }]);

      expect(
        await errorOf(queryAs(adminUser, 'select * from public.admin_run_payout($1, 0.25)', [revenueId])),
      ).toMatchObject({ message: 'payouts.already_paid' });
      expect(
        (await queryAs(vip, 'select amount_pln from public.payout_run_items where user_id = $1', [vip.id])).length,
      ).toBe(1);
      expect(await queryAs(member, 'select id from public.payout_runs')).toEqual([]);
      for (const actor of [member, 'anon', 'service_role'] as Actor[]) {
        expect(await sqlState(queryAs(actor, 'select * from public.admin_run_payout($1, 0.25)', [revenueId]))).toBe(
          '42501',
        );
      }
    });
  });
});
