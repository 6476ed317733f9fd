// Money operations (issue 20): the ledger history with balances after, cancelling a withdrawal
// (racing a settlement), saved addresses, admin credit/debit, payout runs, notification
// preferences, and the audit row every admin write appends.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMembershipLevel } from '../helpers/accounts-factories.ts';
import { createIdea } from '../helpers/content-factories.ts';
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
  fundWallet,
  ledgerMismatches,
  notificationsOf,
  pendingWithdrawal,
  txHash,
  walletAddress,
  type Withdrawal,
} from '../helpers/money-factories.ts';

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
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });

  describe('ledger history', () => {
    it('keeps the balances after every entry, readable by the member and an admin only', async () => {
      const owner = await createMember();
      await fundWallet(owner, 100);
      const [withdrawal] = await queryAs<Withdrawal>(owner, 'select * from public.request_withdrawal(30, $1, $2)', [
        'BSC',
        walletAddress(),
      ]);
      await queryAs(adminUser, 'select public.admin_fail_withdrawal($1, $2)', [withdrawal!.id, 'Zły adres']);

      const history = await queryAs<{ kind: string; available_after: string; pending_after: string; note: string }>(
        owner,
        `select kind, available_after, pending_after, note from public.wallet_transactions
          where user_id = $1 order by created_at desc, id desc`,
        [owner.id],
      );
      expect(history).toEqual([
        { kind: 'withdrawal_release', available_after: '100.00', pending_after: '0.00', note: 'Zły adres' },
        { kind: 'withdrawal_hold', available_after: '70.00', pending_after: '30.00', note: null },
        { kind: 'credit', available_after: '100.00', pending_after: '0.00', note: 'test deposit' },
      ]);
      const sql = 'select id from public.wallet_transactions where user_id = $1';
      expect(await queryAs(adminUser, sql, [owner.id])).toHaveLength(3);
      expect(await queryAs(otherMember, sql, [owner.id])).toEqual([]);
      expect(await sqlState(queryAs('anon', sql, [owner.id]))).toBe('42501');
    });

    it('cannot be changed by anyone through the API', async () => {
      await fundWallet(member, 5);
      expect(
        await sqlState(
          queryAs(member, 'update public.wallet_transactions set available_after = 1e6 where user_id = $1', [
            member.id,
          ]),
        ),
      ).toBe('42501');
    });
  });

  describe('cancel_withdrawal', () => {
    it('returns the amount to available and tells the member it is cancelled', async () => {
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 25);
      const notes = await notificationsOf(owner.id);
      expect(notes.map((n) => n.title)).toContain('Zlecenie wypłaty przyjęte');

      const [cancelled] = await queryAs<Withdrawal>(owner, 'select * from public.cancel_withdrawal($1)', [
        withdrawal.id,
      ]);
      expect(cancelled!.status).toBe('cancelled');
      expect(await balanceOf(owner.id)).toEqual({
        available_balance: '25.00',
        pending_balance: '0.00',
        total_balance: '25.00',
      });
      expect(await errorOf(queryAs(owner, 'select public.cancel_withdrawal($1)', [withdrawal.id]))).toMatchObject({
        message: 'wallet.withdrawal_not_pending',
      });
    });

    it("is refused for another member's withdrawal, an admin's call on someone else's and anon", async () => {
      const withdrawal = await pendingWithdrawal(member, 5);
      for (const actor of [otherMember, adminUser] as Actor[]) {
        expect(await errorOf(queryAs(actor, 'select public.cancel_withdrawal($1)', [withdrawal.id]))).toMatchObject({
          message: 'wallet.withdrawal_not_found',
        });
      }
      expect(await sqlState(queryAs('anon', 'select public.cancel_withdrawal($1)', [withdrawal.id]))).toBe('42501');
      await queryAs(member, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
    });

    it('racing a completion: exactly one wins and the books agree', async () => {
      for (let round = 0; round < 3; round += 1) {
        const owner = await createMember();
        const withdrawal = await pendingWithdrawal(owner, 10);
        const results = await Promise.allSettled([
          queryAs(owner, 'select status from public.cancel_withdrawal($1)', [withdrawal.id]),
          queryAs(adminUser, 'select status from public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r) => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect((lost[0] as PromiseRejectedResult).reason.message).toBe('wallet.withdrawal_not_pending');
        const balance = await balanceOf(owner.id);
        expect(balance?.pending_balance).toBe('0.00');
        expect(balance?.available_balance).toBe(results[0]!.status === 'fulfilled' ? '10.00' : '0.00');
      }
    });
  });

  describe('withdrawal_addresses', () => {
    const insert = (actor: Actor, label: string, address = walletAddress(), isDefault = false) =>
      queryAs<{ id: string; is_default: boolean }>(
        actor,
        `insert into public.withdrawal_addresses (label, network, address, is_default) values ($1, 'ERC20', $2, $3) returning id, is_default`,
        [label, address, isDefault],
      );

    it('belong to their member, keep one default and stop at 10', async () => {
      const owner = await createMember();
      const [first] = await insert(owner, 'Ledger', walletAddress(), true);
      const [second] = await insert(owner, 'Binance', walletAddress(), true);
      const defaults = await queryAs<{ id: string }>(
        owner,
        'select id from public.withdrawal_addresses where is_default',
      );
      expect(defaults).toEqual([{ id: second!.id }]);
      await queryAs(owner, 'update public.withdrawal_addresses set is_default = true, label = $2 where id = $1', [
        first!.id,
        'Mój Ledger',
      ]);
      expect(await queryAs(owner, 'select label from public.withdrawal_addresses where is_default')).toEqual([
        { label: 'Mój Ledger' },
      ]);

      for (let i = 3; i <= 10; i += 1) await insert(owner, `Adres ${i}`);
      expect(await errorOf(insert(owner, 'Jedenasty'))).toMatchObject({ message: 'wallet.addresses_limit' });

      expect(
        await queryAs(otherMember, 'select id from public.withdrawal_addresses where user_id = $1', [owner.id]),
      ).toEqual([]);
      expect(
        await queryAs(adminUser, 'select id from public.withdrawal_addresses where user_id = $1', [owner.id]),
      ).toEqual([]);
      expect(
        await queryAs(otherMember, 'delete from public.withdrawal_addresses where id = $1 returning id', [first!.id]),
      ).toEqual([]);
      expect(await sqlState(queryAs('anon', 'select id from public.withdrawal_addresses'))).toBe('42501');
      expect(
        await queryAs(owner, 'delete from public.withdrawal_addresses where id = $1 returning id', [first!.id]),
      ).toEqual([{ id: first!.id }]);
    });

    it('are validated like the form and cannot be moved to another member', async () => {
      const owner = await createMember();
      expect(await sqlState(insert(owner, 'Zły', '0x1234'))).toBe('23514');
      expect(await sqlState(insert(owner, '   '))).toBe('23514');
      expect(await sqlState(insert(owner, 'x'.repeat(51)))).toBe('23514');
      const address = walletAddress();
      await insert(owner, 'A', address);
      expect(await sqlState(insert(owner, 'B', address))).toBe('23505');
      const [row] = await insert(owner, 'C');
      expect(
        await sqlState(
          queryAs(owner, 'update public.withdrawal_addresses set user_id = $2 where id = $1', [
            row!.id,
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(
            owner,
            `insert into public.withdrawal_addresses (user_id, label, network, address) values ($1, 'X', 'BSC', $2)`,
            [otherMember.id, walletAddress()],
          ),
        ),
      ).toBe('42501');
    });
  });

  describe('admin_adjust_wallet', () => {
    it('credits and debits with a reason the member sees, never below zero available, audited', async () => {
      const owner = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia za październik')`, [
        owner.id,
      ]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 20.5, 'Korekta błędnej wpłaty')`, [
        owner.id,
      ]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '29.50' });
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 29.51, 'Za dużo')`, [owner.id]),
        ),
      ).toMatchObject({ message: 'wallet.insufficient_funds' });
      expect(
        await errorOf(queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 5, '  ')`, [owner.id])),
      ).toMatchObject({ message: 'wallet.invalid_reason' });
      expect(
        await errorOf(queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 0.001, 'x')`, [owner.id])),
      ).toMatchObject({ message: 'wallet.invalid_amount' });

      const history = await queryAs<{ kind: string; available_delta: string; note: string }>(
        owner,
        'select kind, available_delta, note from public.wallet_transactions where user_id = $1 order by id',
        [owner.id],
      );
      expect(history).toEqual([
        { kind: 'credit', available_delta: '50.00', note: 'Premia za październik' },
        { kind: 'adjustment', available_delta: '-20.50', note: 'Korekta błędnej wpłaty' },
      ]);
      const notes = await notificationsOf(owner.id);
      expect(notes.find((n) => n.title === 'Portfel zasilony')?.data).toMatchObject({
        kind: 'wallet_credited',
        amount: 50,
        reason: 'Premia za październik',
      });
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({
          actor_id: adminUser.id,
          action: 'wallet.credit',
          target_user_id: owner.id,
          before: { available_balance: 0, amount: null, reason: null },
          after: { available_balance: 50, amount: 50, reason: 'Premia za październik' },
        }),
        expect.objectContaining({
          action: 'wallet.debit',
          after: expect.objectContaining({ available_balance: 29.5 }),
        }),
      ]);
    });

    it('is refused to members, service_role and anon', async () => {
      for (const actor of [member, 'service_role', 'anon'] as Actor[]) {
        expect(
          await sqlState(queryAs(actor, `select public.admin_adjust_wallet($1, 'credit', 5, 'x')`, [member.id])),
        ).toBe('42501');
      }
    });
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

  describe('notification_preferences', () => {
    const setPrefs = (actor: TestUser, value: unknown) =>
      queryAs(actor, 'update public.user_settings set notification_preferences = $2 where user_id = $1', [
        actor.id,
        JSON.stringify(value),
      ]);

    it('accepts known keys with booleans, refuses anything else', async () => {
      const owner = await createMember();
      await setPrefs(owner, { wallet_credited: false, profit_payout: true });
      for (const bad of [{ unknown: true }, { wallet_credited: 'no' }, { password_changed: false }, []]) {
        expect(await errorOf(setPrefs(owner, bad))).toMatchObject({
          message: expect.stringMatching(/settings.invalid_notification_preferences|violates check constraint/),
        });
      }
    });
  });

  describe('audit trail coverage', () => {
    it('records an admin level change and user edits of others, never a member editing their own profile', async () => {
      const target = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_update_user($1, 'Nowe Imię', null, 'VIP', null)`, [target.id]);
      await queryAs(target, `select public.update_user_profile($1, p_full_name => 'Sam Zmieniam')`, [target.id]);
      await queryAs(adminUser, 'select public.admin_confirm_email($1)', [target.id]);
      await queryAs(adminUser, 'select public.admin_update_user($1, p_email_confirmed => false)', [target.id]);
      const rows = await auditSince(since);
      // The level edit has its own row (membership.edit, with the reason when given), then the profile's.
      expect(rows.map((r) => r.action)).toEqual(['membership.edit', 'profiles.update', 'user.unconfirm_email']);
      expect(rows[1]).toMatchObject({
        actor_id: adminUser.id,
        target_user_id: target.id,
        before: { full_name: expect.any(String), membership_level: 'FREE' },
        after: { full_name: 'Nowe Imię', membership_level: 'VIP' },
      });
    });

    it('records e-mail confirmation, CCC assignment and removal, deletion, settlement', async () => {
      const target = await createMember({ confirmed: false });
      const since = await lastAuditId();
      await queryAs(adminUser, 'select public.admin_confirm_email($1)', [target.id]);
      const [assignment] = await queryAs<{ id: string }>(
        adminUser,
        `select id from public.admin_assign_ccc_package($1, 'START', 1)`,
        [target.id],
      );
      await queryAs(adminUser, 'select public.admin_remove_ccc_assignment($1)', [assignment!.id]);
      const withdrawal = await pendingWithdrawal(target, 3);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
      const other = await pendingWithdrawal(target, 2);
      await queryAs(adminUser, `select public.admin_fail_withdrawal($1, 'Sieć niedostępna')`, [other.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 2, 'Zwrot do klubu')`, [target.id]);
      await queryAs(adminUser, 'select * from public.admin_delete_user($1)', [target.id]);
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'user.confirm_email',
        'ccc_assignments.insert',
        'ccc_assignments.delete',
        'withdrawal.complete',
        'withdrawal.fail',
        'wallet.debit',
        'user.delete',
      ]);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      expect(rows.at(-1)).toMatchObject({ target_user_id: target.id, before: { email: target.email } });
    });

    it('records admin content writes (apps, announcements, settings, templates, links, revenue, SMTP without the password)', async () => {
      const since = await lastAuditId();
      await asActor(adminUser, async (q) => {
        const [app] = await q<{ id: string }>(
          `insert into public.apps (name, description, category)
           values ('Audyt', 'Opis', (select enum_range(null::public.app_category))[1]) returning id`,
        );
        await q(`update public.apps set name = 'Audyt 2' where id = $1`, [app!.id]);
        await q(`delete from public.apps where id = $1`, [app!.id]);
        const [ann] = await q<{ id: string }>(
          `insert into public.announcements (content) values ('Ogłoszenie') returning id`,
        );
        await q(`delete from public.announcements where id = $1`, [ann!.id]);
        await q(`update public.site_settings set site_description = site_description || ' '`);
        await q(`insert into public.ecommerce_revenue (amount) values (10)`);
        await q(`update public.email_templates set subject = subject || '!' where name = 'magic-link'`);
        await q(`update public.plan_payment_links set url = url where false`);
      });
      await queryAs(
        adminUser,
        `select public.admin_upsert_smtp_config(null, 'Audyt SMTP', 'smtp.example.com', 587, 'user', 'TajneHaslo123', 'a@example.com', 'Klub', false)`,
      );
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'apps.insert',
        'apps.update',
        'apps.delete',
        'announcements.insert',
        'announcements.delete',
        'site_settings.update',
        'ecommerce_revenue.insert',
        'email_templates.update',
        'smtp_configs.insert',
      ]);
      expect(rows[1]).toMatchObject({ before: { name: 'Audyt' }, after: { name: 'Audyt 2' } });
      const smtp = JSON.stringify(rows.at(-1));
      expect(smtp).not.toContain('TajneHaslo123');
      expect(smtp).not.toContain('password');
      expect(smtp).toContain('smtp.example.com');
    });

    it('records ideas moderation, a rejected payment and payment link edits (plans and CCC), each by its admin', async () => {
      const author = await createMember();
      const approved = await createIdea(author);
      const deleted = await createIdea(author);
      const [order] = await queryAs<{ id: string }>(
        author,
        `select id from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START')`,
      );
      // Tiers no other test file writes links for (payment-links.test.ts: PREMIUM, VIP, GOLD, SILVER).
      const links = [
        { table: 'plan_payment_links', tier: 'START' },
        { table: 'ccc_payment_links', tier: 'BRONZE' },
      ];
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_set_idea_status($1, 'approved')`, [approved.id]);
      await queryAs(adminUser, 'select public.admin_delete_idea($1)', [deleted.id]);
      await queryAs(adminUser, `select * from public.admin_reject_payment($1, 'Brak przelewu')`, [order!.id]);
      await asActor(adminUser, async (q) => {
        for (const link of links) {
          await q(
            `insert into public.${link.table} (tier, method, url) values ($1, 'acc', 'https://pay.example.com/a')`,
            [link.tier],
          );
          await q(
            `update public.${link.table} set url = 'https://pay.example.com/b' where tier = $1 and method = 'acc'`,
            [link.tier],
          );
          await q(`delete from public.${link.table} where tier = $1 and method = 'acc'`, [link.tier]);
        }
      });
      const rows = await auditSince(since);
      expect(rows.map((r) => r.action)).toEqual([
        'app_ideas.update',
        'app_ideas.delete',
        'payment.reject',
        'plan_payment_links.insert',
        'plan_payment_links.update',
        'plan_payment_links.delete',
        'ccc_payment_links.insert',
        'ccc_payment_links.update',
        'ccc_payment_links.delete',
      ]);
      expect(rows.every((r) => r.actor_id === adminUser.id)).toBe(true);
      expect(rows[0]).toMatchObject({
        target_id: approved.id,
        before: { status: 'pending' },
        after: { status: 'approved' },
      });
      expect(rows[2]).toMatchObject({
        target_user_id: author.id,
        after: expect.objectContaining({ status: 'rejected' }),
      });
      expect(rows[4]).toMatchObject({
        before: { url: 'https://pay.example.com/a' },
        after: { url: 'https://pay.example.com/b' },
      });
    });

    it("keeps members' own writes out (ideas, settings, addresses, withdrawals)", async () => {
      const since = await lastAuditId();
      await queryAs(member, `update public.user_settings set theme = 'light' where user_id = $1`, [member.id]);
      await queryAs(
        member,
        `insert into public.withdrawal_addresses (label, network, address) values ('Mój', 'BSC', $1)`,
        [walletAddress()],
      );
      const withdrawal = await pendingWithdrawal(member, 1);
      await queryAs(member, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
      expect(await auditSince(since)).toEqual([]);
    });
  });

  describe("'Dziennik zmian' filters", () => {
    it('admin_list_audit_actors: the distinct admins of the trail, in order, for admins at aal2 only', async () => {
      const secondAdmin = await createAdmin();
      const owner = await createMember();
      for (const actor of [adminUser, secondAdmin, adminUser]) {
        await queryAs(actor, `select public.admin_adjust_wallet($1, 'credit', 1, 'Filtr')`, [owner.id]);
      }
      const actors = (
        await queryAs<{ actor_email: string }>(adminUser, 'select * from public.admin_list_audit_actors()')
      ).map((row) => row.actor_email);
      expect(actors).toEqual([...new Set(actors)].sort());
      expect(actors).toEqual(expect.arrayContaining([adminUser.email.toLowerCase(), secondAdmin.email.toLowerCase()]));
      expect(actors).not.toContain(owner.email.toLowerCase());

      const aal1Admin = await createAdmin({ aal: 'aal1' });
      for (const actor of [member, otherMember, aal1Admin] as Actor[]) {
        expect(await errorOf(queryAs(actor, 'select * from public.admin_list_audit_actors()'))).toMatchObject({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
      expect(await sqlState(queryAs('anon', 'select * from public.admin_list_audit_actors()'))).toBe('42501');
    });

    it('a member found by name or e-mail (admin_list_users) narrows the trail with the action and the days', async () => {
      const owner = await createMember({ fullName: 'Zdzisława Filtrowa' });
      const bystander = await createMember();
      const since = await lastAuditId();
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 10, 'Pierwsza')`, [owner.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 4, 'Druga')`, [owner.id]);
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 3, 'Obok')`, [bystander.id]);
      await queryAs(adminUser, `select public.admin_update_user($1, p_full_name => 'Zdzisława Filtrowa-Nowa')`, [
        owner.id,
      ]);
      const times = (
        await admin().query<{ action: string; created_at: Date }>(
          'select action, created_at from public.admin_audit_log where id > $1 and target_user_id = $2 order by id',
          [since, owner.id],
        )
      ).rows;
      expect(times.map((row) => row.action)).toEqual(['wallet.credit', 'wallet.debit', 'profiles.update']);
      const [, debitAt, updateAt] = times.map((row) => row.created_at);

      for (const search of ['filtrowa', owner.email.slice(0, 12).toUpperCase()]) {
        const found = await queryAs<{ user_id: string; full_name: string; email: string }>(
          adminUser,
          `select user_id, full_name, email from public.admin_list_users(p_search => $1, p_sort => 'name', p_ascending => true, p_limit => 8)`,
          [search],
        );
        expect(found.map((row) => row.user_id)).toEqual([owner.id]);
      }

      const trail = (where: string, params: unknown[]) =>
        queryAs<{ action: string; target_user_id: string }>(
          adminUser,
          `select action, target_user_id from public.admin_audit_log where ${where} order by created_at desc, id desc`,
          params,
        );
      expect((await trail('target_user_id = $1', [owner.id])).map((row) => row.action)).toEqual([
        'profiles.update',
        'wallet.debit',
        'wallet.credit',
      ]);
      expect(
        (
          await trail(`target_user_id = $1 and action like 'wallet.%' and created_at >= $2 and created_at < $3`, [
            owner.id,
            debitAt,
            updateAt,
          ])
        ).map((row) => row.action),
      ).toEqual(['wallet.debit']);
      expect(
        (
          await trail(`target_user_id = $1 and actor_email = $2 and action like 'wallet.%'`, [
            owner.id,
            adminUser.email.toLowerCase(),
          ])
        ).map((row) => row.action),
      ).toEqual(['wallet.debit', 'wallet.credit']);
      // Members read none of it, their own rows included.
      expect(await queryAs(owner, 'select * from public.admin_audit_log')).toEqual([]);
    });
  });
});
