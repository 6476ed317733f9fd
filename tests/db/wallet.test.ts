import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addMfaFactor,
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
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
  type Balance,
  type Withdrawal,
} from '../helpers/money-factories.ts';

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
      await queryAs('service_role', 'select public.admin_complete_withdrawal($1, $2)', [request.id, txHash()]);
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
    it('completes a pending withdrawal: the pending balance decreases and the member is notified', async () => {
      const payee = await createMember();
      await fundWallet(payee, 40);
      const withdrawal = await pendingWithdrawal(payee, 15);
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

    it('refuses a second decision on the same withdrawal', async () => {
      const withdrawal = await pendingWithdrawal(member, 2);
      await queryAs(adminUser, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()]);
      const before = await balanceOf(member.id);
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
      expect(await balanceOf(member.id)).toEqual(before);
    });

    it('rejects a malformed transaction hash and an unknown withdrawal', async () => {
      const withdrawal = await pendingWithdrawal(member, 1);
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

    it('refuses members (even for their own withdrawal) and anon; allows service_role', async () => {
      const withdrawal = await pendingWithdrawal(member, 1);
      expect(
        await errorOf(queryAs(member, 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        await sqlState(queryAs('anon', 'select public.admin_complete_withdrawal($1, $2)', [withdrawal.id, txHash()])),
      ).toBe('42501');
      const { rows } = await admin().query('select status from public.withdrawals where id = $1', [withdrawal.id]);
      expect(rows[0]?.status).toBe('pending');
      const [row] = await queryAs<Withdrawal>(
        'service_role',
        'select * from public.admin_complete_withdrawal($1, $2)',
        [withdrawal.id, txHash()],
      );
      expect(row).toMatchObject({ status: 'completed', processed_by: null });
    });
  });

  describe('admin_fail_withdrawal()', () => {
    it('fails a pending withdrawal: the amount returns to available and the member is notified', async () => {
      const payee = await createMember();
      await fundWallet(payee, 20);
      const withdrawal = await pendingWithdrawal(payee, 7.25);
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
      const withdrawal = await pendingWithdrawal(member, 1);
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
      const withdrawal = await pendingWithdrawal(member, 1);
      expect(await errorOf(queryAs(member, "select public.admin_fail_withdrawal($1, 'x')", [withdrawal.id]))).toEqual({
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
