import { randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll, afterEach } from 'vitest';
import {
  addMfaFactor,
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
  type Actor,
} from '../helpers/db.ts';
import { inSnapshotAs } from '../helpers/content-factories.ts';
import {
  balanceOf,
  checkLedgerAfterEachTest,
  claimWithdrawal,
  fundWallet,
  pendingWithdrawal,
  txHash,
  notificationsOf,
  walletAddress,
  ledgerMismatches,
  type Withdrawal,
  type Balance,
} from '../helpers/money-factories.ts';

// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
describe('admin area', () => {
  checkLedgerAfterEachTest();

  describe('admin_list_withdrawals', () => {
    type ListedWithdrawal = { id: string; status: string; member_email: string | null; amount: string };

    it('gives the pending queue oldest first and processed ones newest first, with the member', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const first = await pendingWithdrawal(member, 1);
      const second = await pendingWithdrawal(member, 2);
      const done = await pendingWithdrawal(member, 3);
      await claimWithdrawal(adminUser, done.id);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [done.id, txHash()]);

      await inSnapshotAs(adminUser, async (query) => {
        const pending: ListedWithdrawal[] = [];
        for (let offset = 0; ; offset += 100) {
          const page = await query<ListedWithdrawal>(
            "select * from public.admin_list_withdrawals('pending', 100, $1)",
            [offset],
          );
          pending.push(...page);
          if (page.length < 100) break;
        }
        const ids = pending.map((row) => row.id);
        expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
        expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
        expect(ids).not.toContain(done.id);
        expect(pending.find((row) => row.id === second.id)).toMatchObject({
          member_email: member.email,
          amount: '2.00',
        });

        const completed = await query<ListedWithdrawal & { created_at: Date }>(
          "select * from public.admin_list_withdrawals('completed', 100, 0)",
        );
        expect(completed.every((row) => row.status === 'completed')).toBe(true);
        expect(completed.map((row) => row.id)).toContain(done.id);
        const dates = completed.map((row) => row.created_at.getTime());
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
      });
    });

    it('refuses members', async () => {
      const member = await createMember();
      expect(await errorOf(queryAs(member, 'select * from public.admin_list_withdrawals()'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
    });
  });
});

// The member dashboard's additions:
// profit notifications name their currency, and the partner page reads everything in one call.
describe('member dashboard', () => {
  checkLedgerAfterEachTest();

  describe('admin_credit_wallet: profit notifications carry their currency', () => {
    it('writes data.currency = USDT next to the amount', async () => {
      const adminUser = await createAdmin();
      const investor = await createMember();
      await queryAs(adminUser, "select public.admin_credit_wallet($1, 75.5, 'Zysk', true)", [investor.id]);
      expect(await notificationsOf(investor.id)).toMatchObject([
        { type: 'profit', title: 'Nowe środki w portfelu', data: { amount: 75.5, currency: 'USDT' } },
      ]);
    });
  });
});

// Money amounts fit their columns: an amount the column
// cannot hold is refused with a message key, never with a bare numeric overflow (22003), on every
// admin and member RPC that takes an amount or adds to a balance.
describe('money amount limits', () => {
  checkLedgerAfterEachTest();

  describe('the ledger: balances are numeric(18, 2)', () => {
    it('refuses a credit that would take a balance to 10^16 with wallet.balance_too_high, for admin and server credits alike', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      await fundWallet(member, '9999999999999998.99');
      try {
        expect(
          await errorOf(
            queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 1.01, 'Premia', gen_random_uuid())`, [
              member.id,
            ]),
          ),
        ).toEqual({ code: 'P0001', message: 'wallet.balance_too_high' });
        expect(await errorOf(fundWallet(member, '1.01'))).toEqual({
          code: 'P0001',
          message: 'wallet.balance_too_high',
        });
        // Up to the largest balance the column holds is fine, and so is a withdrawal from it (the
        // total, available + pending, stays the same).
        await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 1, 'Premia', gen_random_uuid())`, [
          member.id,
        ]);
        expect(await balanceOf(member.id)).toMatchObject({ available_balance: '9999999999999999.99' });
        const [withdrawal] = await queryAs<{ id: string }>(
          member,
          `select * from public.request_withdrawal(5, 'ERC20', $1)`,
          [walletAddress()],
        );
        expect(await balanceOf(member.id)).toMatchObject({
          available_balance: '9999999999999994.99',
          pending_balance: '5.00',
          total_balance: '9999999999999999.99',
        });
        await queryAs(member, 'select * from public.cancel_withdrawal($1)', [withdrawal!.id]);
      } finally {
        // The balance goes back to zero so that no other test sums a wallet this large.
        const after = await balanceOf(member.id);
        await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', $2, 'Zerowanie', gen_random_uuid())`, [
          member.id,
          after!.available_balance,
        ]);
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
      await claimWithdrawal(adminUser, withdrawal!.id);
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

    it("racing an admin's claim: the claim wins or the cancel wins, never both, and the books agree", async () => {
      for (let round = 0; round < 6; round += 1) {
        const owner = await createMember();
        const withdrawal = await pendingWithdrawal(owner, 10);
        await admin().query('update public.withdrawals set hold_until = null where id = $1', [withdrawal.id]);
        const [cancel, claim] = await Promise.allSettled([
          queryAs(owner, 'select status from public.cancel_withdrawal($1)', [withdrawal.id]),
          queryAs(adminUser, 'select status from public.admin_claim_withdrawal($1)', [withdrawal.id]),
        ]);
        const { rows } = await admin().query<{ status: string; claimed_by: string | null }>(
          'select status, claimed_by from public.withdrawals where id = $1',
          [withdrawal.id],
        );
        const balance = await balanceOf(owner.id);
        if (cancel.status === 'fulfilled') {
          expect((claim as PromiseRejectedResult).reason.message).toBe('wallet.withdrawal_not_pending');
          expect(rows[0]).toEqual({ status: 'cancelled', claimed_by: null });
          expect(balance).toMatchObject({ available_balance: '10.00', pending_balance: '0.00' });
        } else {
          expect(claim.status).toBe('fulfilled');
          expect(cancel.reason.message).toBe('wallet.withdrawal_processing');
          expect(rows[0]).toEqual({ status: 'processing', claimed_by: adminUser.id });
          expect(balance).toMatchObject({ available_balance: '0.00', pending_balance: '10.00' });
          await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
        }
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
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'credit', 50, 'Premia za październik', gen_random_uuid())`,
        [owner.id],
      );
      await queryAs(
        adminUser,
        `select public.admin_adjust_wallet($1, 'debit', 20.5, 'Korekta błędnej wpłaty', gen_random_uuid())`,
        [owner.id],
      );
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '29.50' });
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 29.51, 'Za dużo', gen_random_uuid())`, [
            owner.id,
          ]),
        ),
      ).toMatchObject({ message: 'wallet.insufficient_funds' });
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 5, '  ', gen_random_uuid())`, [owner.id]),
        ),
      ).toMatchObject({ message: 'wallet.invalid_reason' });
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 0.001, 'x', gen_random_uuid())`, [
            owner.id,
          ]),
        ),
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
          await sqlState(
            queryAs(actor, `select public.admin_adjust_wallet($1, 'credit', 5, 'x', gen_random_uuid())`, [member.id]),
          ),
        ).toBe('42501');
      }
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    describe('13. small ones', () => {
      it('the ledger refuses deleting an anonymised row', async () => {
        const gone = await createMember();
        await fundWallet(gone, 10);
        await admin().query('update public.wallet_balances set available_balance = 0 where user_id = $1', [gone.id]);
        await admin().query('delete from auth.users where id = $1', [gone.id]);
        const { rows } = await admin().query<{ id: string }>(
          "select id from public.wallet_transactions where user_id is null and note = 'test deposit' limit 1",
        );
        expect(rows).toHaveLength(1);
        expect(
          await errorOf(admin().query('delete from public.wallet_transactions where id = $1', [rows[0]!.id])),
        ).toMatchObject({ code: 'P0001', message: 'wallet.ledger_append_only' });
      });
    });
  });
});

const requestWithdrawal = (
  actor: Actor,
  amount: unknown,
  network: unknown = 'ERC20',
  address: unknown = walletAddress(),
) => queryAs<Withdrawal>(actor, 'select * from public.request_withdrawal($1, $2, $3)', [amount, network, address]);

describe('wallet', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
    await fundWallet(member, 100);
    await fundWallet(otherMember, 40);
  });

  // Ledger = balance (and pending = pending withdrawals) after every money test.
  afterEach(async () => {
    expect(await ledgerMismatches()).toEqual([]);
  });

  describe('sign-up and initialize_user_wallet', () => {
    it('creates an empty wallet in the same transaction as the account', async () => {
      const fresh = await createMember();
      expect(await balanceOf(fresh.id)).toEqual({
        available_balance: '0.00',
        pending_balance: '0.00',
        total_balance: '0.00',
      });
    });

    it('returns the existing wallet to its owner without touching it (idempotent)', async () => {
      const [first] = await queryAs<Balance & { user_id: string }>(
        member,
        'select * from public.initialize_user_wallet($1)',
        [member.id],
      );
      const [second] = await queryAs<Balance & { user_id: string }>(
        member,
        'select * from public.initialize_user_wallet($1)',
        [member.id],
      );
      expect(first).toMatchObject({ user_id: member.id, available_balance: '100.00' });
      expect(second).toEqual(first);
      const { rows } = await admin().query('select count(*)::int as n from public.wallet_balances where user_id = $1', [
        member.id,
      ]);
      expect(rows[0]?.n).toBe(1);
    });

    it('creates a missing wallet for the member or for service_role', async () => {
      const lost = await createMember();
      await admin().query('delete from public.wallet_balances where user_id = $1', [lost.id]);
      const [row] = await queryAs<Balance>(lost, 'select * from public.initialize_user_wallet($1)', [lost.id]);
      expect(row).toMatchObject({ available_balance: '0.00', pending_balance: '0.00' });

      const lostToo = await createMember();
      await admin().query('delete from public.wallet_balances where user_id = $1', [lostToo.id]);
      await queryAs('service_role', 'select * from public.initialize_user_wallet($1)', [lostToo.id]);
      expect(await balanceOf(lostToo.id)).toBeDefined();
    });

    it("refuses initialising someone else's wallet (members and admins)", async () => {
      expect(await errorOf(queryAs(member, 'select public.initialize_user_wallet($1)', [otherMember.id]))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        (await errorOf(queryAs(adminUser, 'select public.initialize_user_wallet($1)', [member.id])))?.message,
      ).toBe('auth.forbidden');
    });

    it('reports an unknown user to service_role and is not callable by anon', async () => {
      expect(await errorOf(queryAs('service_role', 'select public.initialize_user_wallet(gen_random_uuid())'))).toEqual(
        {
          code: 'P0002',
          message: 'wallet.user_not_found',
        },
      );
      expect(await sqlState(queryAs('anon', 'select public.initialize_user_wallet($1)', [member.id]))).toBe('42501');
    });
  });

  describe('wallet_balances: select / insert / update / delete', () => {
    it('shows a member only their own balance', async () => {
      const rows = await queryAs<{ user_id: string }>(member, 'select user_id from public.wallet_balances');
      expect(rows.map((row) => row.user_id)).toEqual([member.id]);
      expect(
        await queryAs(member, 'select * from public.wallet_balances where user_id = $1', [otherMember.id]),
      ).toEqual([]);
    });

    it('shows admins every balance', async () => {
      const rows = await queryAs<{ user_id: string }>(
        adminUser,
        'select user_id from public.wallet_balances where user_id = any($1)',
        [[member.id, otherMember.id]],
      );
      expect(rows.map((row) => row.user_id).sort()).toEqual([member.id, otherMember.id].sort());
    });

    it('denies anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.wallet_balances'))).toBe('42501');
    });

    it('refuses a member (or an admin) changing a balance directly', async () => {
      expect(
        await sqlState(
          queryAs(member, 'update public.wallet_balances set available_balance = 1000000 where user_id = $1', [
            member.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.wallet_balances set pending_balance = 0 where user_id = $1', [member.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(adminUser, 'update public.wallet_balances set available_balance = 5 where user_id = $1', [
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs('service_role', 'update public.wallet_balances set available_balance = 5 where user_id = $1', [
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(await balanceOf(member.id)).toMatchObject({ available_balance: '100.00' });
      expect(await balanceOf(otherMember.id)).toMatchObject({ available_balance: '40.00' });
    });

    it('refuses inserting or deleting wallets through the API', async () => {
      const fresh = await createMember();
      await admin().query('delete from public.wallet_balances where user_id = $1', [fresh.id]);
      expect(
        await sqlState(
          queryAs(fresh, 'insert into public.wallet_balances (user_id, available_balance) values ($1, 500)', [
            fresh.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(member, 'delete from public.wallet_balances where user_id = $1', [member.id])),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(adminUser, 'delete from public.wallet_balances where user_id = $1', [member.id])),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'delete from public.wallet_balances'))).toBe('42501');
      expect(await balanceOf(member.id)).toBeDefined();
    });
  });

  describe('wallet_transactions (ledger): select / insert / update / delete', () => {
    it("shows a member their own ledger only; admins see everyone's", async () => {
      const own = await queryAs<{ user_id: string; kind: string; available_delta: string }>(
        member,
        'select user_id, kind, available_delta from public.wallet_transactions order by id',
      );
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((row) => row.user_id === member.id)).toBe(true);
      expect(own[0]).toMatchObject({ kind: 'credit', available_delta: '100.00' });
      expect(
        await queryAs(member, 'select id from public.wallet_transactions where user_id = $1', [otherMember.id]),
      ).toEqual([]);
      const seenByAdmin = await queryAs<{ user_id: string }>(
        adminUser,
        'select distinct user_id from public.wallet_transactions where user_id = any($1)',
        [[member.id, otherMember.id]],
      );
      expect(seenByAdmin).toHaveLength(2);
      expect(await sqlState(queryAs('anon', 'select * from public.wallet_transactions'))).toBe('42501');
    });

    it('refuses writes by members, admins and service_role', async () => {
      const insert =
        "insert into public.wallet_transactions (user_id, kind, available_delta) values ($1, 'credit', 1000)";
      expect(await sqlState(queryAs(member, insert, [member.id]))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, insert, [member.id]))).toBe('42501');
      expect(await sqlState(queryAs('service_role', insert, [member.id]))).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.wallet_transactions set available_delta = 1000 where user_id = $1', [
            member.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(member, 'delete from public.wallet_transactions where user_id = $1', [member.id])),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'delete from public.wallet_transactions'))).toBe('42501');
    });

    it('is append-only even for the table owner', async () => {
      const { rows } = await admin().query<{ id: string }>(
        'select id from public.wallet_transactions where user_id = $1 limit 1',
        [member.id],
      );
      const id = rows[0]!.id;
      expect(
        await errorOf(admin().query('update public.wallet_transactions set available_delta = 1 where id = $1', [id])),
      ).toEqual({
        code: 'P0001',
        message: 'wallet.ledger_append_only',
      });
      expect(await errorOf(admin().query('delete from public.wallet_transactions where id = $1', [id]))).toEqual({
        code: 'P0001',
        message: 'wallet.ledger_append_only',
      });
    });

    it("keeps a deleted account's ledger and withdrawals, anonymised; the empty wallet goes", async () => {
      const leaving = await createMember();
      const request = await pendingWithdrawal(leaving, 15);
      await claimWithdrawal(adminUser, request.id);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [request.id, txHash()]);
      const { rows: before } = await admin().query<{ id: string }>(
        'select id from public.wallet_transactions where user_id = $1 order by id',
        [leaving.id],
      );
      expect(before.length).toBeGreaterThan(0);

      await admin().query('delete from auth.users where id = $1', [leaving.id]);

      const { rows } = await admin().query<{ wallets: number; ledger: number; withdrawals: number }>(
        `select (select count(*) from public.wallet_balances where user_id = $1)::int as wallets,
                (select count(*) from public.wallet_transactions where user_id = $1)::int as ledger,
                (select count(*) from public.withdrawals where user_id = $1)::int as withdrawals`,
        [leaving.id],
      );
      expect(rows[0]).toEqual({ wallets: 0, ledger: 0, withdrawals: 0 });
      const { rows: kept } = await admin().query<{ user_id: string | null }>(
        'select user_id from public.wallet_transactions where id = any($1)',
        [before.map((row) => row.id)],
      );
      expect(kept).toEqual(before.map(() => ({ user_id: null })));
      const { rows: withdrawal } = await admin().query(
        'select user_id, status, amount from public.withdrawals where id = $1',
        [request.id],
      );
      expect(withdrawal).toEqual([{ user_id: null, status: 'completed', amount: '15.00' }]);
      expect(await ledgerMismatches()).toEqual([]);
    });
  });

  describe('withdrawals: select / insert / update / delete', () => {
    let foreign: Withdrawal;

    beforeAll(async () => {
      foreign = await pendingWithdrawal(otherMember, 5);
    });

    it('shows a member only their own withdrawals; admins see all', async () => {
      const mine = await pendingWithdrawal(member, 3);
      const rows = await queryAs<Withdrawal>(member, 'select * from public.withdrawals order by created_at desc');
      expect(rows.map((row) => row.id)).toContain(mine.id);
      expect(rows.every((row) => row.user_id === member.id)).toBe(true);
      expect(await queryAs(member, 'select id from public.withdrawals where id = $1', [foreign.id])).toEqual([]);
      const seen = await queryAs<Withdrawal>(adminUser, 'select id from public.withdrawals where id = any($1)', [
        [mine.id, foreign.id],
      ]);
      expect(seen).toHaveLength(2);
      expect(await sqlState(queryAs('anon', 'select * from public.withdrawals'))).toBe('42501');
    });

    it('refuses direct inserts (the browser must use request_withdrawal)', async () => {
      const before = await balanceOf(member.id);
      expect(
        await sqlState(
          queryAs(
            member,
            "insert into public.withdrawals (user_id, amount, network, address, status) values ($1, 10, 'ERC20', $2, 'pending')",
            [member.id, walletAddress()],
          ),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(
            adminUser,
            "insert into public.withdrawals (user_id, amount, network, address) values ($1, 10, 'ERC20', $2)",
            [member.id, walletAddress()],
          ),
        ),
      ).toBe('42501');
      expect(await balanceOf(member.id)).toEqual(before);
    });

    it('refuses direct updates and deletes by the owner, other members and admins', async () => {
      expect(
        await sqlState(
          queryAs(otherMember, "update public.withdrawals set status = 'failed' where id = $1", [foreign.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(otherMember, 'update public.withdrawals set amount = 1 where id = $1', [foreign.id])),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, "update public.withdrawals set status = 'completed' where id = $1", [foreign.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(adminUser, "update public.withdrawals set status = 'completed' where id = $1", [foreign.id]),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs(otherMember, 'delete from public.withdrawals where id = $1', [foreign.id]))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs(adminUser, 'delete from public.withdrawals where id = $1', [foreign.id]))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs('anon', 'delete from public.withdrawals'))).toBe('42501');
      const { rows } = await admin().query('select status, amount from public.withdrawals where id = $1', [foreign.id]);
      expect(rows[0]).toEqual({ status: 'pending', amount: '5.00' });
    });
  });

  describe('request_withdrawal()', () => {
    it('creates a pending withdrawal and moves the amount from available to pending', async () => {
      const saver = await createMember();
      await fundWallet(saver, 100);
      const address = walletAddress();
      const [row] = await requestWithdrawal(saver, 25.5, 'BSC', address);
      expect(row).toMatchObject({
        user_id: saver.id,
        amount: '25.50',
        network: 'BSC',
        address,
        status: 'pending',
        tx_hash: null,
        processed_at: null,
      });
      expect(await balanceOf(saver.id)).toEqual({
        available_balance: '74.50',
        pending_balance: '25.50',
        total_balance: '100.00',
      });
      const { rows } = await admin().query(
        'select kind, available_delta, pending_delta, withdrawal_id from public.wallet_transactions where user_id = $1 order by id',
        [saver.id],
      );
      expect(rows.at(-1)).toEqual({
        kind: 'withdrawal_hold',
        available_delta: '-25.50',
        pending_delta: '25.50',
        withdrawal_id: row!.id,
      });
    });

    it('allows withdrawing the whole available balance', async () => {
      const saver = await createMember();
      await fundWallet(saver, 12.34);
      await requestWithdrawal(saver, '12.34');
      expect(await balanceOf(saver.id)).toMatchObject({ available_balance: '0.00', pending_balance: '12.34' });
    });

    it.each([0, -5, '10.555', '0.001', null, '1e17'])(
      'rejects the amount %s with wallet.invalid_amount',
      async (amount) => {
        const before = await balanceOf(member.id);
        expect(await errorOf(requestWithdrawal(member, amount))).toEqual({
          code: 'P0001',
          message: 'wallet.invalid_amount',
        });
        expect(await balanceOf(member.id)).toEqual(before);
      },
    );

    it('rejects more than the available balance with wallet.insufficient_funds', async () => {
      const { available_balance } = (await balanceOf(member.id))!;
      const result = await errorOf(requestWithdrawal(member, Number(available_balance) + 0.01));
      expect(result).toEqual({ code: 'P0001', message: 'wallet.insufficient_funds' });
      expect((await balanceOf(member.id))?.available_balance).toBe(available_balance);
    });

    it.each([
      'abc',
      '0x123',
      `0x${'a'.repeat(39)}`,
      `0x${'a'.repeat(41)}`,
      `0x${'g'.repeat(40)}`,
      ` 0x${'a'.repeat(40)}`,
      null,
    ])('rejects the address %s with wallet.invalid_address', async (address) => {
      expect(await errorOf(requestWithdrawal(member, 1, 'ERC20', address))).toEqual({
        code: 'P0001',
        message: 'wallet.invalid_address',
      });
    });

    it('rejects a missing network with wallet.invalid_network and an unknown one before the function runs', async () => {
      expect(await errorOf(requestWithdrawal(member, 1, null))).toEqual({
        code: 'P0001',
        message: 'wallet.invalid_network',
      });
      expect((await errorOf(requestWithdrawal(member, 1, 'TRC20')))?.code).toBe('22P02');
    });

    it('reports a missing wallet with wallet.not_found', async () => {
      const lost = await createMember();
      await admin().query('delete from public.wallet_balances where user_id = $1', [lost.id]);
      expect(await errorOf(requestWithdrawal(lost, 1))).toEqual({ code: 'P0002', message: 'wallet.not_found' });
    });

    it('is not callable by anon or service_role (it acts for the signed-in member)', async () => {
      expect(await sqlState(requestWithdrawal('anon', 1))).toBe('42501');
      expect(await sqlState(requestWithdrawal('service_role', 1))).toBe('42501');
    });

    describe('two-factor (aal2)', () => {
      it('requires an aal2 session when the member has a verified TOTP factor', async () => {
        const secured = await createMember();
        await fundWallet(secured, 30);
        await addMfaFactor(secured.id);
        expect(await errorOf(requestWithdrawal(secured, 10))).toEqual({
          code: 'P0001',
          message: 'wallet.mfa_required',
        });
        expect(await balanceOf(secured.id)).toMatchObject({ available_balance: '30.00', pending_balance: '0.00' });
        const [row] = await requestWithdrawal(withClaims(secured, { aal: 'aal2' }), 10);
        expect(row?.status).toBe('pending');
        expect(await balanceOf(secured.id)).toMatchObject({ available_balance: '20.00', pending_balance: '10.00' });
      });

      it('does not require aal2 without a factor or with an unverified one', async () => {
        const plain = await createMember();
        await fundWallet(plain, 30);
        await requestWithdrawal(plain, 5);
        await addMfaFactor(plain.id, { status: 'unverified' });
        await requestWithdrawal(plain, 5);
        expect(await balanceOf(plain.id)).toMatchObject({ available_balance: '20.00', pending_balance: '10.00' });
      });

      it("ignores another member's verified factor", async () => {
        const secured = await createMember();
        const neighbour = await createMember();
        await addMfaFactor(secured.id);
        await fundWallet(neighbour, 10);
        await requestWithdrawal(neighbour, 10);
        expect(await balanceOf(neighbour.id)).toMatchObject({ available_balance: '0.00', pending_balance: '10.00' });
      });
    });

    it('never overdraws: 100 parallel requests of 10 against 50 available → exactly 5 succeed', async () => {
      const racer = await createMember();
      await fundWallet(racer, 50);
      const results = await Promise.allSettled(Array.from({ length: 100 }, () => requestWithdrawal(racer, 10)));
      const succeeded = results.filter((result) => result.status === 'fulfilled');
      const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(succeeded).toHaveLength(5);
      expect(failed).toHaveLength(95);
      expect(new Set(failed.map((result) => (result.reason as Error).message))).toEqual(
        new Set(['wallet.insufficient_funds']),
      );
      expect(await balanceOf(racer.id)).toEqual({
        available_balance: '0.00',
        pending_balance: '50.00',
        total_balance: '50.00',
      });
      const { rows } = await admin().query(
        "select count(*)::int as n, sum(amount) as total from public.withdrawals where user_id = $1 and status = 'pending'",
        [racer.id],
      );
      expect(rows[0]).toEqual({ n: 5, total: '50.00' });
      const negative = await admin().query(
        'select 1 from public.wallet_balances where available_balance < 0 or pending_balance < 0',
      );
      expect(negative.rows).toEqual([]);
    });
  });

  describe('admin_complete_withdrawal()', () => {
    it('completes a claimed withdrawal: the pending balance decreases and the member is notified', async () => {
      const payee = await createMember();
      await fundWallet(payee, 40);
      const withdrawal = await pendingWithdrawal(payee, 15);
      await claimWithdrawal(adminUser, withdrawal.id);
      const hash = txHash();
      const [row] = await queryAs<Withdrawal>(adminUser, 'select * from public.admin_complete_withdrawal($1, $2)', [
        withdrawal.id,
        hash,
      ]);
      expect(row).toMatchObject({ status: 'completed', tx_hash: hash, processed_by: adminUser.id });
      expect(row?.processed_at).toBeInstanceOf(Date);
      expect(await balanceOf(payee.id)).toEqual({
        available_balance: '40.00',
        pending_balance: '0.00',
        total_balance: '40.00',
      });
      const notes = await notificationsOf(payee.id);
      expect(notes.at(-1)).toMatchObject({
        type: 'system',
        title: 'Wypłata zrealizowana',
        data: expect.objectContaining({ amount: 15, txHash: hash }),
      });
    });

    it('refuses a second decision on the same withdrawal; the same completion again returns it', async () => {
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 2);
      await claimWithdrawal(adminUser, withdrawal.id);
      const hash = txHash();
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, hash]);
      const before = await balanceOf(owner.id);
      const ledgerRows = async () =>
        (await admin().query('select id from public.wallet_transactions where withdrawal_id = $1', [withdrawal.id]))
          .rows.length;
      expect(await ledgerRows()).toBe(2);
      expect(
        await queryAs(adminUser, 'select status, tx_hash from public.admin_complete_withdrawal($1, $2)', [
          withdrawal.id,
          hash,
        ]),
      ).toEqual([{ status: 'completed', tx_hash: hash }]);
      expect(await ledgerRows()).toBe(2);
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toEqual({
        code: 'P0001',
        message: 'wallet.withdrawal_not_pending',
      });
      expect(
        await errorOf(queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'x')", [withdrawal.id])),
      ).toEqual({
        code: 'P0001',
        message: 'wallet.withdrawal_not_pending',
      });
      expect(await balanceOf(owner.id)).toEqual(before);
    });

    it('rejects a malformed transaction hash and an unknown withdrawal', async () => {
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 1);
      await claimWithdrawal(adminUser, withdrawal.id);
      for (const hash of [null, '', '0x123', `0x${'z'.repeat(64)}`]) {
        expect(
          await errorOf(queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, hash])),
        ).toEqual({
          code: 'P0001',
          message: 'wallet.invalid_tx_hash',
        });
      }
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_complete_withdrawal(gen_random_uuid(), $1)', [txHash()])),
      ).toEqual({
        code: 'P0002',
        message: 'wallet.withdrawal_not_found',
      });
    });

    it('refuses members (even for their own withdrawal), service_role (no claimant) and anon', async () => {
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 1);
      await claimWithdrawal(adminUser, withdrawal.id);
      expect(
        await errorOf(queryAs(owner, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        await sqlState(queryAs('anon', 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs('service_role', 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]),
        ),
      ).toBe('42501');
      const { rows } = await admin().query('select status from public.withdrawals where id = $1', [withdrawal.id]);
      expect(rows[0]?.status).toBe('processing');
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
    });
  });

  describe('admin_fail_withdrawal()', () => {
    it('fails a claimed withdrawal: the amount returns to available and the member is notified', async () => {
      const payee = await createMember();
      await fundWallet(payee, 20);
      const withdrawal = await pendingWithdrawal(payee, 7.25);
      await claimWithdrawal(adminUser, withdrawal.id);
      expect(await balanceOf(payee.id)).toMatchObject({ available_balance: '20.00', pending_balance: '7.25' });
      const [row] = await queryAs<Withdrawal>(
        adminUser,
        "select * from public.admin_fail_withdrawal($1, '  Nieprawidłowa sieć  ')",
        [withdrawal.id],
      );
      expect(row).toMatchObject({
        status: 'failed',
        failure_reason: 'Nieprawidłowa sieć',
        processed_by: adminUser.id,
        tx_hash: null,
      });
      expect(await balanceOf(payee.id)).toEqual({
        available_balance: '27.25',
        pending_balance: '0.00',
        total_balance: '27.25',
      });
      expect((await notificationsOf(payee.id)).at(-1)).toMatchObject({ type: 'system', title: 'Wypłata odrzucona' });
    });

    it('requires a reason', async () => {
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 1);
      await claimWithdrawal(adminUser, withdrawal.id);
      for (const reason of [null, '   ', 'x'.repeat(501)]) {
        expect(
          await errorOf(queryAs(adminUser, 'select public.admin_fail_withdrawal($1, $2)', [withdrawal.id, reason])),
        ).toEqual({
          code: 'P0001',
          message: 'wallet.invalid_reason',
        });
      }
    });

    it('reports an unknown withdrawal and refuses members', async () => {
      expect(await errorOf(queryAs(adminUser, "select public.admin_fail_withdrawal(gen_random_uuid(), 'x')"))).toEqual({
        code: 'P0002',
        message: 'wallet.withdrawal_not_found',
      });
      const owner = await createMember();
      const withdrawal = await pendingWithdrawal(owner, 1);
      expect(await errorOf(queryAs(owner, "select public.admin_fail_withdrawal($1, 'x')", [withdrawal.id]))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(queryAs('anon', "select public.admin_fail_withdrawal($1, 'x')", [withdrawal.id]))).toBe(
        '42501',
      );
    });
  });

  describe('admin_credit_wallet()', () => {
    it('credits the available balance with a credit ledger entry and, when asked, a profit notification', async () => {
      const investor = await createMember();
      const [row] = await queryAs<Balance>(
        adminUser,
        "select * from public.admin_credit_wallet($1, 123.45, 'Zysk za listopad', true)",
        [investor.id],
      );
      expect(row).toMatchObject({ available_balance: '123.45', pending_balance: '0.00', total_balance: '123.45' });
      const { rows } = await admin().query(
        'select kind, available_delta, note, created_by from public.wallet_transactions where user_id = $1',
        [investor.id],
      );
      expect(rows).toEqual([
        { kind: 'credit', available_delta: '123.45', note: 'Zysk za listopad', created_by: adminUser.id },
      ]);
      expect(await notificationsOf(investor.id)).toMatchObject([{ type: 'profit', data: { amount: 123.45 } }]);
    });

    it('sends no notification unless asked', async () => {
      const investor = await createMember();
      await queryAs(adminUser, "select public.admin_credit_wallet($1, 10, 'Wpłata')", [investor.id]);
      expect(await notificationsOf(investor.id)).toEqual([]);
      expect((await balanceOf(investor.id))?.available_balance).toBe('10.00');
    });

    it('rejects invalid amounts and notes', async () => {
      for (const amount of [0, -1, '1.001', null]) {
        expect(
          await errorOf(queryAs(adminUser, "select public.admin_credit_wallet($1, $2, 'x')", [member.id, amount])),
        ).toEqual({
          code: 'P0001',
          message: 'wallet.invalid_amount',
        });
      }
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_credit_wallet($1, 1, $2)', [member.id, 'x'.repeat(501)])),
      ).toEqual({
        code: 'P0001',
        message: 'wallet.invalid_note',
      });
    });

    it('reports a user without a wallet', async () => {
      expect(await errorOf(queryAs(adminUser, "select public.admin_credit_wallet(gen_random_uuid(), 1, 'x')"))).toEqual(
        {
          code: 'P0002',
          message: 'wallet.not_found',
        },
      );
    });

    it('refuses members crediting themselves, and anon', async () => {
      const before = await balanceOf(member.id);
      expect(await errorOf(queryAs(member, "select public.admin_credit_wallet($1, 1000, 'x')", [member.id]))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      const forged = withClaims(member, { user_metadata: { admin: true } });
      expect(
        (await errorOf(queryAs(forged, "select public.admin_credit_wallet($1, 1000, 'x')", [member.id])))?.message,
      ).toBe('auth.forbidden');
      expect(await sqlState(queryAs('anon', "select public.admin_credit_wallet($1, 1000, 'x')", [member.id]))).toBe(
        '42501',
      );
      expect(await balanceOf(member.id)).toEqual(before);
    });
  });

  describe('ecommerce_revenue', () => {
    it('lets an admin record revenue (amount only; time and author are set by the server)', async () => {
      const [row] = await queryAs<{ amount: string; created_by: string }>(
        adminUser,
        'insert into public.ecommerce_revenue (amount) values (250000.50) returning amount, created_by',
      );
      expect(row).toEqual({ amount: '250000.50', created_by: adminUser.id });
      expect(
        await sqlState(
          queryAs(
            adminUser,
            "insert into public.ecommerce_revenue (amount, created_at) values (1, now() + interval '1 year')",
          ),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs(adminUser, 'insert into public.ecommerce_revenue (amount) values (-1)'))).toBe(
        '23514',
      );
    });

    it('lets members read the latest amount', async () => {
      await admin().query(
        "insert into public.ecommerce_revenue (amount, created_at) values (1, now() - interval '1 day'), (777.77, now() + interval '1 day')",
      );
      const [latest] = await queryAs<{ amount: string }>(
        member,
        'select amount from public.ecommerce_revenue order by created_at desc limit 1',
      );
      expect(latest?.amount).toBe('777.77');
    });

    it('refuses members inserting, and everyone but service_role updating or deleting', async () => {
      const revenue = async () =>
        (await admin().query('select count(*)::int as n, sum(amount)::text as total from public.ecommerce_revenue'))
          .rows[0];
      const before = await revenue();
      expect(before?.n).toBeGreaterThan(0);
      expect(await sqlState(queryAs(member, 'insert into public.ecommerce_revenue (amount) values (1000000)'))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs(member, 'update public.ecommerce_revenue set amount = 0'))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, 'update public.ecommerce_revenue set amount = 0'))).toBe('42501');
      expect(await sqlState(queryAs(member, 'delete from public.ecommerce_revenue'))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, 'delete from public.ecommerce_revenue'))).toBe('42501');
      // Nothing changed: the same rows with the same amounts.
      expect(await revenue()).toEqual(before);
    });

    it('hides revenue from anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.ecommerce_revenue'))).toBe('42501');
      expect(await sqlState(queryAs('anon', 'insert into public.ecommerce_revenue (amount) values (1)'))).toBe('42501');
    });
  });
});

// Money out (issue 35): withdrawals go pending → processing (an admin's claim) → completed or
// failed, a claim can be released while nothing was sent, new addresses wait 24 h unless confirmed
// with the second factor, requests and cancellations are limited per day, saved addresses need aal2
// and mail the member, and the admin's credit/debit is idempotent.
describe('withdrawal claims and safeguards', () => {
  let adminUser: TestUser;
  let otherAdmin: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
    otherAdmin = await createAdmin();
  });

  const statusOf = async (id: string) =>
    (
      await admin().query<{ status: string; claimed_by: string | null; tx_hash: string | null }>(
        'select status, claimed_by, tx_hash from public.withdrawals where id = $1',
        [id],
      )
    ).rows[0];

  /** A pending withdrawal with no wait (as if its 24 h had passed). */
  async function claimable(owner: TestUser, amount = 10): Promise<Withdrawal> {
    const withdrawal = await pendingWithdrawal(owner, amount);
    await admin().query('update public.withdrawals set hold_until = null where id = $1', [withdrawal.id]);
    return withdrawal;
  }

  describe('admin_claim_withdrawal', () => {
    it('moves a pending withdrawal to processing with who and when; the member can no longer cancel it', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner, 12);
      const since = await lastAuditId();
      const [claimed] = await queryAs<Withdrawal>(adminUser, 'select * from public.admin_claim_withdrawal($1)', [
        withdrawal.id,
      ]);
      expect(claimed).toMatchObject({ status: 'processing', claimed_by: adminUser.id, processed_at: null });
      expect(Date.now() - claimed!.claimed_at!.getTime()).toBeLessThan(60_000);
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({
          actor_id: adminUser.id,
          action: 'withdrawal.claim',
          target_id: withdrawal.id,
          target_user_id: owner.id,
          before: { status: 'pending', amount: null },
          after: { status: 'processing', amount: 12 },
        }),
      ]);
      // The member reads 'processing' and the money stays in withdrawal.
      expect(await queryAs(owner, 'select status from public.withdrawals where id = $1', [withdrawal.id])).toEqual([
        { status: 'processing' },
      ]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '0.00', pending_balance: '12.00' });
      expect(await errorOf(queryAs(owner, 'select public.cancel_withdrawal($1)', [withdrawal.id]))).toEqual({
        code: 'P0001',
        message: 'wallet.withdrawal_processing',
      });
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
    });

    it('is held by exactly one admin: a second admin is refused, the claimant repeating it gets it back', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [withdrawal.id]);
      const since = await lastAuditId();
      expect(
        await queryAs(adminUser, 'select status, claimed_by from public.admin_claim_withdrawal($1)', [withdrawal.id]),
      ).toEqual([{ status: 'processing', claimed_by: adminUser.id }]);
      expect(await auditSince(since)).toEqual([]);
      for (const sql of [
        'select public.admin_claim_withdrawal($1)',
        `select public.admin_complete_withdrawal($1, '${txHash()}')`,
        "select public.admin_fail_withdrawal($1, 'Zły adres')",
        "select public.admin_release_withdrawal($1, 'Nic nie zostało wysłane')",
        `select public.admin_record_withdrawal_tx($1, '${txHash()}')`,
      ]) {
        expect(await errorOf(queryAs(otherAdmin, sql, [withdrawal.id])), sql).toEqual({
          code: 'P0001',
          message: 'wallet.withdrawal_claimed_by_other',
        });
      }
      expect(await statusOf(withdrawal.id)).toEqual({ status: 'processing', claimed_by: adminUser.id, tx_hash: null });
      await queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'Zły adres')", [withdrawal.id]);
    });

    it('two admins claiming at once: exactly one holds it', async () => {
      for (let round = 0; round < 4; round += 1) {
        const owner = await createMember();
        const withdrawal = await claimable(owner);
        const results = await Promise.allSettled([
          queryAs(adminUser, 'select claimed_by from public.admin_claim_withdrawal($1)', [withdrawal.id]),
          queryAs(otherAdmin, 'select claimed_by from public.admin_claim_withdrawal($1)', [withdrawal.id]),
        ]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.map((r) => (r.reason as Error).message)).toEqual(['wallet.withdrawal_claimed_by_other']);
        const winner = results[0]!.status === 'fulfilled' ? adminUser : otherAdmin;
        expect((await statusOf(withdrawal.id))?.claimed_by).toBe(winner.id);
        await queryAs(winner, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
      }
    });

    it('refuses a cancelled or completed withdrawal, members, service_role and anon', async () => {
      const owner = await createMember();
      const cancelled = await claimable(owner);
      await queryAs(owner, 'select public.cancel_withdrawal($1)', [cancelled.id]);
      expect(await errorOf(queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [cancelled.id]))).toEqual({
        code: 'P0001',
        message: 'wallet.withdrawal_not_pending',
      });
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_claim_withdrawal(gen_random_uuid())')),
      ).toMatchObject({ message: 'wallet.withdrawal_not_found' });
      const open = await claimable(owner);
      for (const actor of [owner, withClaims(adminUser, { aal: 'aal1' })] as Actor[]) {
        expect(await errorOf(queryAs(actor, 'select public.admin_claim_withdrawal($1)', [open.id]))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
      for (const actor of ['anon', 'service_role'] as Actor[]) {
        expect(await sqlState(queryAs(actor, 'select public.admin_claim_withdrawal($1)', [open.id]))).toBe('42501');
      }
      expect((await statusOf(open.id))?.status).toBe('pending');
      await queryAs(owner, 'select public.cancel_withdrawal($1)', [open.id]);
    });
  });

  describe('complete and fail need the claim', () => {
    it('refuses completing or failing a pending withdrawal that nobody claimed', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner);
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_not_claimed' });
      expect(
        await errorOf(queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'Zły adres')", [withdrawal.id])),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_not_claimed' });
      expect(await statusOf(withdrawal.id)).toEqual({ status: 'pending', claimed_by: null, tx_hash: null });
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '0.00', pending_balance: '10.00' });
      await queryAs(owner, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
    });

    it('a repeated failure with the same reason returns the row without a second release', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner, 8);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [withdrawal.id]);
      await queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'Zły adres')", [withdrawal.id]);
      expect(
        await queryAs(adminUser, "select status from public.admin_fail_withdrawal($1, 'Zły adres')", [withdrawal.id]),
      ).toEqual([{ status: 'failed' }]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '8.00', pending_balance: '0.00' });
      expect(
        await errorOf(queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'Inny powód')", [withdrawal.id])),
      ).toMatchObject({ message: 'wallet.withdrawal_not_pending' });
    });
  });

  describe('admin_release_withdrawal and the recorded transaction hash', () => {
    it('gives a claim back to the queue with a reason (audited); the member can cancel again', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [withdrawal.id]);
      for (const reason of [null, '  ', 'x'.repeat(501)]) {
        expect(
          await errorOf(queryAs(adminUser, 'select public.admin_release_withdrawal($1, $2)', [withdrawal.id, reason])),
        ).toEqual({ code: 'P0001', message: 'wallet.invalid_reason' });
      }
      const since = await lastAuditId();
      const [released] = await queryAs<Withdrawal>(
        adminUser,
        "select * from public.admin_release_withdrawal($1, ' Nic nie zostało wysłane ')",
        [withdrawal.id],
      );
      expect(released).toMatchObject({ status: 'pending', claimed_by: null, claimed_at: null });
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({
          action: 'withdrawal.release',
          target_id: withdrawal.id,
          after: expect.objectContaining({ status: 'pending', reason: 'Nic nie zostało wysłane' }),
        }),
      ]);
      // Back in the queue: another admin may claim it now, or the member cancel it.
      expect(
        await errorOf(queryAs(adminUser, "select public.admin_release_withdrawal($1, 'x')", [withdrawal.id])),
      ).toMatchObject({ message: 'wallet.withdrawal_not_claimed' });
      await queryAs(owner, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '10.00', pending_balance: '0.00' });
    });

    it('once a hash is recorded: no release, no failure, and completion only with that hash', async () => {
      const owner = await createMember();
      const withdrawal = await claimable(owner, 20);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [withdrawal.id]);
      const typo = txHash();
      const hash = txHash();
      await queryAs(adminUser, 'select public.admin_record_withdrawal_tx($1, $2)', [withdrawal.id, typo]);
      // The claimant corrects a mistyped hash while the withdrawal is processing.
      const since = await lastAuditId();
      await queryAs(adminUser, 'select public.admin_record_withdrawal_tx($1, $2)', [withdrawal.id, hash]);
      expect(await auditSince(since)).toEqual([
        expect.objectContaining({
          action: 'withdrawal.record_tx',
          before: { tx_hash: typo },
          after: { tx_hash: hash },
        }),
      ]);
      expect(await statusOf(withdrawal.id)).toEqual({ status: 'processing', claimed_by: adminUser.id, tx_hash: hash });
      expect(
        await errorOf(
          queryAs(adminUser, "select public.admin_release_withdrawal($1, 'Nic nie zostało wysłane')", [withdrawal.id]),
        ),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_tx_recorded' });
      expect(
        await errorOf(queryAs(adminUser, "select public.admin_fail_withdrawal($1, 'Zły adres')", [withdrawal.id])),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_tx_recorded' });
      expect(
        await errorOf(queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, typo])),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_tx_mismatch' });
      expect(await errorOf(queryAs(owner, 'select public.cancel_withdrawal($1)', [withdrawal.id]))).toMatchObject({
        message: 'wallet.withdrawal_processing',
      });
      expect(
        await queryAs(adminUser, 'select status, tx_hash from public.admin_complete_withdrawal($1, $2)', [
          withdrawal.id,
          hash,
        ]),
      ).toEqual([{ status: 'completed', tx_hash: hash }]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '0.00', pending_balance: '0.00' });
    });
  });

  describe('a new address waits 24 h unless confirmed with the second factor', () => {
    it('holds a first payout to an address; an address already paid to goes straight to the queue', async () => {
      const owner = await createMember();
      await fundWallet(owner, 100);
      const address = walletAddress();
      const [first] = await queryAs<Withdrawal>(owner, "select * from public.request_withdrawal(10, 'BSC', $1)", [
        address,
      ]);
      expect(first).toMatchObject({ new_address: true });
      const wait = first!.hold_until!.getTime() - Date.now();
      expect(wait).toBeGreaterThan(24 * 3600_000 - 60_000);
      expect(wait).toBeLessThanOrEqual(24 * 3600_000);
      expect(await errorOf(queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [first!.id]))).toEqual({
        code: 'P0001',
        message: 'wallet.withdrawal_on_hold',
      });
      // The admin's queue shows why it waits.
      const listed = await queryAs<{ id: string; new_address: boolean; hold_until: Date | null }>(
        adminUser,
        "select id, new_address, hold_until from public.admin_list_withdrawals('pending', 100, 0) where id = $1",
        [first!.id],
      );
      expect(listed).toEqual([{ id: first!.id, new_address: true, hold_until: first!.hold_until }]);

      // 24 h later it can be claimed and paid; the next payout to that address does not wait.
      await admin().query("update public.withdrawals set hold_until = now() - interval '1 second' where id = $1", [
        first!.id,
      ]);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [first!.id]);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [first!.id, txHash()]);
      const [second] = await queryAs<Withdrawal>(owner, "select * from public.request_withdrawal(10, 'BSC', $1)", [
        address.toUpperCase().replace('0X', '0x'),
      ]);
      expect(second).toMatchObject({ new_address: false, hold_until: null });
      // The same address on the other network is another address.
      const [third] = await queryAs<Withdrawal>(owner, "select * from public.request_withdrawal(10, 'ERC20', $1)", [
        address,
      ]);
      expect(third).toMatchObject({ new_address: true });
      expect(third!.hold_until).not.toBeNull();
      for (const w of [second!, third!]) await queryAs(owner, 'select public.cancel_withdrawal($1)', [w.id]);
    });

    it('does not hold a request made with the second factor, and a confirmation with it ends the wait', async () => {
      const secured = await createMember();
      await fundWallet(secured, 50);
      await addMfaFactor(secured.id);
      const aal2 = withClaims(secured, { aal: 'aal2' });
      const [direct] = await queryAs<Withdrawal>(aal2, "select * from public.request_withdrawal(10, 'BSC', $1)", [
        walletAddress(),
      ]);
      expect(direct).toMatchObject({ new_address: true, hold_until: null });
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [direct!.id]);
      await queryAs(adminUser, "select public.admin_release_withdrawal($1, 'Nic nie zostało wysłane')", [direct!.id]);

      // A member without a factor requests at aal1 and enrols one later: confirming with it ends the wait.
      const plain = await createMember();
      await fundWallet(plain, 10);
      const [held] = await queryAs<Withdrawal>(plain, "select * from public.request_withdrawal(10, 'BSC', $1)", [
        walletAddress(),
      ]);
      expect(held!.hold_until).not.toBeNull();
      expect(await errorOf(queryAs(plain, 'select public.confirm_withdrawal($1)', [held!.id]))).toEqual({
        code: 'P0001',
        message: 'wallet.mfa_required',
      });
      await addMfaFactor(plain.id);
      expect(
        await errorOf(
          queryAs(withClaims(secured, { aal: 'aal2' }), 'select public.confirm_withdrawal($1)', [held!.id]),
        ),
      ).toMatchObject({ message: 'wallet.withdrawal_not_found' });
      expect(
        await queryAs(withClaims(plain, { aal: 'aal2' }), 'select hold_until from public.confirm_withdrawal($1)', [
          held!.id,
        ]),
      ).toEqual([{ hold_until: null }]);
      await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [held!.id]);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [held!.id, txHash()]);
      for (const w of [direct!]) await queryAs(aal2, 'select public.cancel_withdrawal($1)', [w.id]);
    });
  });

  describe('daily limits', () => {
    it('allows 5 requests a member a day, then refuses with wallet.withdrawal_daily_limit and moves nothing', async () => {
      const owner = await createMember();
      await fundWallet(owner, 100);
      for (let i = 0; i < 5; i += 1) {
        await queryAs(owner, "select public.request_withdrawal(1, 'BSC', $1)", [walletAddress()]);
      }
      const before = await balanceOf(owner.id);
      expect(
        await errorOf(queryAs(owner, "select public.request_withdrawal(1, 'BSC', $1)", [walletAddress()])),
      ).toEqual({ code: 'P0001', message: 'wallet.withdrawal_daily_limit' });
      expect(await balanceOf(owner.id)).toEqual(before);
      // Requests older than a day no longer count.
      await admin().query("update public.withdrawals set created_at = now() - interval '25 hours' where user_id = $1", [
        owner.id,
      ]);
      await queryAs(owner, "select public.request_withdrawal(1, 'BSC', $1)", [walletAddress()]);
    });

    it('allows 3 cancellations a day, counted under the wallet lock even when sent at once', async () => {
      const owner = await createMember();
      await fundWallet(owner, 50);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const [row] = await queryAs<{ id: string }>(owner, "select id from public.request_withdrawal(2, 'BSC', $1)", [
          walletAddress(),
        ]);
        ids.push(row!.id);
      }
      const results = await Promise.allSettled(
        ids.map((id) => queryAs(owner, 'select public.cancel_withdrawal($1)', [id])),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect(
        results
          .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
          .map((r) => (r.reason as Error).message),
      ).toEqual(['wallet.cancel_daily_limit', 'wallet.cancel_daily_limit']);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '46.00', pending_balance: '4.00' });
    });
  });

  describe('saved addresses: aal2 for a member with 2FA, and an e-mail on every change', () => {
    type Mail = { template: string; to_email: string; variables: Record<string, string> };
    const mailsOf = async (userId: string) =>
      (
        await admin().query<Mail>(
          "select template, to_email, variables from private.email_outbox where user_id = $1 and template = 'withdrawal-address-changed' order by id",
          [userId],
        )
      ).rows;

    it('refuses adding, changing or picking the default at aal1 when the member has a verified factor', async () => {
      const secured = await createMember();
      await addMfaFactor(secured.id);
      const aal2 = withClaims(secured, { aal: 'aal2' });
      const [saved] = await queryAs<{ id: string }>(
        aal2,
        `insert into public.withdrawal_addresses (label, network, address, is_default) values ('Ledger', 'BSC', $1, true) returning id`,
        [walletAddress()],
      );
      const [other] = await queryAs<{ id: string }>(
        aal2,
        `insert into public.withdrawal_addresses (label, network, address) values ('Giełda', 'ERC20', $1) returning id`,
        [walletAddress()],
      );
      for (const [sql, params] of [
        [
          `insert into public.withdrawal_addresses (label, network, address, is_default) values ('Złodziej', 'BSC', $1, true)`,
          [walletAddress()],
        ],
        ['update public.withdrawal_addresses set is_default = true where id = $1', [other!.id]],
        ["update public.withdrawal_addresses set label = 'Mój' where id = $1", [saved!.id]],
      ] as const) {
        expect(await errorOf(queryAs(secured, sql, [...params])), sql).toEqual({
          code: 'P0001',
          message: 'wallet.mfa_required',
        });
      }
      expect(
        await queryAs(secured, 'select label, is_default from public.withdrawal_addresses order by created_at'),
      ).toEqual([
        { label: 'Ledger', is_default: true },
        { label: 'Giełda', is_default: false },
      ]);
      await queryAs(aal2, 'update public.withdrawal_addresses set is_default = true where id = $1', [other!.id]);
      // Without a factor, aal1 is enough.
      const plain = await createMember();
      await queryAs(
        plain,
        `insert into public.withdrawal_addresses (label, network, address, is_default) values ('Ledger', 'BSC', $1, true)`,
        [walletAddress()],
      );
    });

    it('mails the member on add, change, new default and removal, never twice for one change', async () => {
      const owner = await createMember({ fullName: 'Olga Adresowa' });
      const address = walletAddress();
      const [first] = await queryAs<{ id: string }>(
        owner,
        `insert into public.withdrawal_addresses (label, network, address, is_default) values ('Ledger', 'BSC', $1, true) returning id`,
        [address],
      );
      const [second] = await queryAs<{ id: string }>(
        owner,
        `insert into public.withdrawal_addresses (label, network, address) values ('Giełda', 'ERC20', $1) returning id`,
        [walletAddress()],
      );
      await queryAs(owner, 'update public.withdrawal_addresses set is_default = true where id = $1', [second!.id]);
      await queryAs(owner, "update public.withdrawal_addresses set label = 'Stary Ledger' where id = $1", [first!.id]);
      await queryAs(owner, 'delete from public.withdrawal_addresses where id = $1', [first!.id]);
      const mails = await mailsOf(owner.id);
      expect(mails.map((m) => [m.variables.change, m.variables.label])).toEqual([
        ['Dodano adres wypłaty', 'Ledger'],
        ['Dodano adres wypłaty', 'Giełda'],
        ['Ustawiono domyślny adres wypłaty', 'Giełda'],
        ['Zmieniono adres wypłaty', 'Stary Ledger'],
        ['Usunięto adres wypłaty', 'Stary Ledger'],
      ]);
      expect(mails[0]).toEqual({
        template: 'withdrawal-address-changed',
        to_email: owner.email,
        variables: {
          fname: 'Olga Adresowa',
          change: 'Dodano adres wypłaty',
          label: 'Ledger',
          network: 'BSC',
          address,
          is_default: 'tak',
        },
      });
      const { rows } = await admin().query<{ subject: string }>(
        "select subject from public.email_templates where name = 'withdrawal-address-changed'",
      );
      expect(rows).toEqual([{ subject: '{{change}}: {{label}}' }]);
    });
  });

  describe('admin_adjust_wallet: the idempotency key', () => {
    const adjust = (actor: Actor, key: string | null, amount = 25, userId?: string) =>
      queryAs<Balance>(
        actor,
        "select available_balance, pending_balance, total_balance from public.admin_adjust_wallet($1, 'credit', $2, 'Premia', $3)",
        [userId, amount, key],
      );

    it('a repeated submit returns the first result and credits once', async () => {
      const owner = await createMember();
      const key = randomUUID();
      const since = await lastAuditId();
      const [first] = await adjust(adminUser, key, 25, owner.id);
      await fundWallet(owner, 5);
      const [again] = await adjust(adminUser, key, 25, owner.id);
      expect(again).toEqual(first);
      expect(first).toEqual({ available_balance: '25.00', pending_balance: '0.00', total_balance: '25.00' });
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '30.00' });
      expect((await auditSince(since)).map((r) => r.action)).toEqual(['wallet.credit']);
      expect((await notificationsOf(owner.id)).filter((n) => n.title === 'Portfel zasilony')).toHaveLength(1);
    });

    it('two submits at once with one key: one credit, both answers equal', async () => {
      const owner = await createMember();
      const key = randomUUID();
      const results = await Promise.all([
        adjust(adminUser, key, 40, owner.id),
        adjust(adminUser, key, 40, owner.id),
        adjust(adminUser, key, 40, owner.id),
      ]);
      expect(results.map(([row]) => row)).toEqual(
        Array(3).fill({
          available_balance: '40.00',
          pending_balance: '0.00',
          total_balance: '40.00',
        }),
      );
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '40.00' });
    });

    it('refuses a missing key, and a key reused for another amount, member or admin', async () => {
      const owner = await createMember();
      const bystander = await createMember();
      expect(await errorOf(adjust(adminUser, null, 25, owner.id))).toEqual({
        code: '22023',
        message: 'admin.idempotency_key_required',
      });
      const key = randomUUID();
      await adjust(adminUser, key, 25, owner.id);
      for (const attempt of [
        () => adjust(adminUser, key, 26, owner.id),
        () => adjust(adminUser, key, 25, bystander.id),
        () => adjust(otherAdmin, key, 25, owner.id),
      ]) {
        expect(await errorOf(attempt())).toEqual({ code: 'P0001', message: 'admin.idempotency_key_reused' });
      }
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '25.00' });
      expect(await balanceOf(bystander.id)).toMatchObject({ available_balance: '0.00' });
    });

    it('a refused first call leaves the key free for the corrected retry', async () => {
      const owner = await createMember();
      const key = randomUUID();
      expect(
        await errorOf(
          queryAs(adminUser, "select public.admin_adjust_wallet($1, 'debit', 5, 'Korekta', $2)", [owner.id, key]),
        ),
      ).toMatchObject({ message: 'wallet.insufficient_funds' });
      await fundWallet(owner, 5);
      await queryAs(adminUser, "select public.admin_adjust_wallet($1, 'debit', 5, 'Korekta', $2)", [owner.id, key]);
      expect(await balanceOf(owner.id)).toMatchObject({ available_balance: '0.00' });
    });
  });

  it('an account with a processing withdrawal cannot be deleted', async () => {
    const owner = await createMember();
    const withdrawal = await claimable(owner);
    await queryAs(adminUser, 'select public.admin_claim_withdrawal($1)', [withdrawal.id]);
    expect(await errorOf(admin().query('delete from auth.users where id = $1', [owner.id]))).toMatchObject({
      message: 'admin.user_has_pending_withdrawal',
    });
    await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
  });
});

// Debts (issue 35 §2): a reversal takes back what the balance covers and records the rest as a debt,
// later credits pay open debts first (through the ledger), and no withdrawal while one is open.
describe('debts', () => {
  checkLedgerAfterEachTest();

  interface DebtRow {
    id: string;
    amount: string;
    repaid: string;
    reason: string;
    source_type: string;
    source_id: string | null;
    settled_at: Date | null;
  }

  const debitOrRecordDebt = async (userId: string, amount: string, reason = 'Cofnięcie wypłaty zysków') => {
    const { rows } = await admin().query<{ debited: string }>(
      `select private.debit_or_record_debt($1, $2, $3, 'payout_run', $4)::text as debited`,
      [userId, amount, reason, randomUUID()],
    );
    return rows[0]!.debited;
  };

  const debtsOf = async (userId: string) =>
    (
      await admin().query<DebtRow>(
        'select id, amount, repaid, reason, source_type, source_id, settled_at from public.wallet_debts where user_id = $1 order by created_at, id',
        [userId],
      )
    ).rows;

  it('debits the whole amount when the balance covers it: no debt', async () => {
    const member = await createMember();
    await fundWallet(member, '30.00');
    expect(await debitOrRecordDebt(member.id, '12.50')).toBe('12.50');
    expect((await balanceOf(member.id))?.available_balance).toBe('17.50');
    expect(await debtsOf(member.id)).toEqual([]);
    const ledger = await queryAs<{ kind: string; available_delta: string; note: string }>(
      member,
      'select kind, available_delta, note from public.wallet_transactions where user_id = $1 order by id',
      [member.id],
    );
    expect(ledger.at(-1)).toEqual({ kind: 'reversal', available_delta: '-12.50', note: 'Cofnięcie wypłaty zysków' });
  });

  it('debits what is available, records the rest as a debt the member sees, and refuses withdrawals until it is paid', async () => {
    const member = await createMember();
    const otherMember = await createMember();
    await fundWallet(member, '4.00');
    expect(await debitOrRecordDebt(member.id, '10.00')).toBe('4.00');
    expect((await balanceOf(member.id))?.available_balance).toBe('0.00');
    const [debt] = await debtsOf(member.id);
    expect(debt).toMatchObject({ amount: '6.00', repaid: '0.00', source_type: 'payout_run', settled_at: null });

    expect(await queryAs(member, 'select amount from public.wallet_debts')).toEqual([{ amount: '6.00' }]);
    expect(await queryAs(otherMember, 'select amount from public.wallet_debts')).toEqual([]);
    for (const sql of [
      `insert into public.wallet_debts (user_id, amount, reason, source_type) values ('${member.id}', 1, 'x', 'x')`,
      `update public.wallet_debts set repaid = amount`,
      `delete from public.wallet_debts`,
    ]) {
      expect(await sqlState(queryAs(member, sql))).toBe('42501');
    }
    expect(
      await sqlState(
        queryAs(member, `select private.debit_or_record_debt($1, 1, 'x', 'payout_run', null)`, [otherMember.id]),
      ),
    ).toBe('42501');

    // The balance is 0 as well, but the debt is checked first: the member learns why.
    expect(
      await errorOf(
        queryAs(member, 'select * from public.request_withdrawal($1, $2, $3)', ['1.00', 'ERC20', walletAddress()]),
      ),
    ).toEqual({ code: 'P0001', message: 'wallet.debt_open' });
  });

  it('later credits pay open debts first, oldest first, each repayment a ledger entry naming its debt', async () => {
    const member = await createMember();
    expect(await debitOrRecordDebt(member.id, '5.00', 'Pierwsze')).toBe('0.00');
    expect(await debitOrRecordDebt(member.id, '3.00', 'Drugie')).toBe('0.00');
    const [first, second] = await debtsOf(member.id);

    // 2 USDT: all of it pays the older debt.
    const afterSmall = await fundWallet(member, '2.00');
    expect(afterSmall.available_balance).toBe('0.00');
    expect((await debtsOf(member.id)).map((d) => [d.reason, d.repaid, d.settled_at === null])).toEqual([
      ['Pierwsze', '2.00', true],
      ['Drugie', '0.00', true],
    ]);

    // 10 USDT: 3 settle the first, 3 the second, 4 stay available.
    const afterBig = await fundWallet(member, '10.00');
    expect(afterBig.available_balance).toBe('4.00');
    const debts = await debtsOf(member.id);
    expect(debts.map((d) => [d.reason, d.repaid])).toEqual([
      ['Pierwsze', '5.00'],
      ['Drugie', '3.00'],
    ]);
    expect(debts.every((d) => d.settled_at !== null)).toBe(true);

    const ledger = await queryAs<{
      kind: string;
      available_delta: string;
      available_after: string;
      debt_id: string | null;
    }>(
      member,
      'select kind, available_delta, available_after, debt_id from public.wallet_transactions where user_id = $1 order by id',
      [member.id],
    );
    expect(ledger).toEqual([
      { kind: 'credit', available_delta: '2.00', available_after: '2.00', debt_id: null },
      { kind: 'debt_repayment', available_delta: '-2.00', available_after: '0.00', debt_id: first!.id },
      { kind: 'credit', available_delta: '10.00', available_after: '10.00', debt_id: null },
      { kind: 'debt_repayment', available_delta: '-3.00', available_after: '7.00', debt_id: first!.id },
      { kind: 'debt_repayment', available_delta: '-3.00', available_after: '4.00', debt_id: second!.id },
    ]);

    // Settled: withdrawals are possible again.
    const [withdrawal] = await queryAs<Withdrawal>(member, 'select * from public.request_withdrawal($1, $2, $3)', [
      '4.00',
      'ERC20',
      walletAddress(),
    ]);
    expect(withdrawal?.status).toBe('pending');
  });

  it('money returning from a failed withdrawal pays the debt too; a debit never makes a balance negative', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    const withdrawal = await pendingWithdrawal(member, 8);
    // The reversal finds nothing available (8 are in withdrawal): all of it becomes a debt.
    expect(await debitOrRecordDebt(member.id, '5.00')).toBe('0.00');
    await claimWithdrawal(adminUser, withdrawal.id);
    await queryAs(adminUser, 'select * from public.admin_fail_withdrawal($1, $2)', [withdrawal.id, 'Błędny adres']);
    expect(await balanceOf(member.id)).toMatchObject({ available_balance: '3.00', pending_balance: '0.00' });
    expect((await debtsOf(member.id))[0]).toMatchObject({ repaid: '5.00' });
  });

  it('refuses a bad amount, reason or source, and an unknown wallet, writing nothing', async () => {
    const member = await createMember();
    for (const [amount, reason, source, message] of [
      ['0', 'x', 'payout_run', 'wallet.invalid_amount'],
      ['1.005', 'x', 'payout_run', 'wallet.invalid_amount'],
      ['1', '  ', 'payout_run', 'wallet.invalid_reason'],
      ['1', 'x'.repeat(501), 'payout_run', 'wallet.invalid_reason'],
      ['1', 'x', 'Payout Run', 'wallet.invalid_entry'],
    ] as const) {
      expect(
        await errorOf(
          admin().query(`select private.debit_or_record_debt($1, $2, $3, $4, null)`, [
            member.id,
            amount,
            reason,
            source,
          ]),
        ),
      ).toMatchObject({ message });
    }
    expect(
      await errorOf(
        admin().query(`select private.debit_or_record_debt($1, 1, 'x', 'payout_run', null)`, [randomUUID()]),
      ),
    ).toMatchObject({ message: 'wallet.not_found' });
    expect(await debtsOf(member.id)).toEqual([]);
  });
});
