import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, withClaims } from '../helpers/db.ts';
import {
  checkLedgerAfterEachTest,
  claimWithdrawal,
  enableUsdtNetworks,
  fundWallet,
  txHash,
  verifyPayoutOnChain,
} from '../helpers/money-factories.ts';
import { TRON_USDT_CONTRACT, evmAddress, tronAddress, tronTxHash } from '../helpers/chain-factories.ts';

// USDT on chain (issue 37): network formats, the club's settings per network, and the one table of
// chain transfers (network, hash, log index) that pays an order once.
describe('chain', () => {
  checkLedgerAfterEachTest();

  async function scalar<T>(sql: string, params: unknown[] = []): Promise<T> {
    const { rows } = await admin().query<{ v: T }>(`select ${sql} as v`, params);
    return rows[0]!.v;
  }

  describe('formats', () => {
    it('checks TRON addresses by their base58check checksum, EVM ones as 0x + 40 hex', async () => {
      const valid = tronAddress();
      expect(await scalar(`private.is_usdt_address('TRC20', $1)`, [valid])).toBe(true);
      expect(await scalar(`private.is_usdt_address('TRC20', $1)`, [TRON_USDT_CONTRACT])).toBe(true);
      // One character changed: the checksum fails.
      const last = TRON_USDT_CONTRACT.at(-1) === 't' ? 'u' : 't';
      expect(await scalar(`private.is_usdt_address('TRC20', $1)`, [TRON_USDT_CONTRACT.slice(0, -1) + last])).toBe(
        false,
      );
      for (const bad of [
        '',
        'T123',
        `0x${'ab'.repeat(20)}`,
        `A${valid.slice(1)}`,
        `${valid}1`,
        valid.replace(/.$/, '0'),
      ]) {
        expect(await scalar(`private.is_usdt_address('TRC20', $1)`, [bad])).toBe(false);
      }
      expect(await scalar(`private.is_usdt_address('ERC20', $1)`, [evmAddress()])).toBe(true);
      expect(await scalar(`private.is_usdt_address('BSC', $1)`, [evmAddress().toUpperCase().replace('0X', '0x')])).toBe(
        true,
      );
      expect(await scalar(`private.is_usdt_address('BSC', $1)`, [valid])).toBe(false);
      expect(await scalar(`private.is_usdt_address('ERC20', $1)`, [`0x${'ab'.repeat(19)}`])).toBe(false);
    });

    it('checks transaction ids: TRC20 64 hex without 0x, ERC20 and BSC with it', async () => {
      const tron = tronTxHash();
      expect(await scalar(`private.is_usdt_tx_hash('TRC20', $1)`, [tron])).toBe(true);
      expect(await scalar(`private.is_usdt_tx_hash('TRC20', $1)`, [`0x${tron}`])).toBe(false);
      expect(await scalar(`private.is_usdt_tx_hash('ERC20', $1)`, [`0x${tron}`])).toBe(true);
      expect(await scalar(`private.is_usdt_tx_hash('BSC', $1)`, [tron])).toBe(false);
      expect(await scalar(`private.is_usdt_tx_hash('TRC20', $1)`, [tron.slice(1)])).toBe(false);
      expect(await scalar(`private.usdt_decimals('BSC')`)).toBe(18);
      expect(await scalar(`private.usdt_decimals('TRC20')`)).toBe(6);
    });

    it('takes TRC20 withdrawals and saved addresses, refusing a mistyped TRON address', async () => {
      const member = await createMember();
      await enableUsdtNetworks();
      await fundWallet(member, 20);
      const address = tronAddress();
      const [row] = await queryAs<{ network: string; address: string }>(
        member,
        'select network, address from public.request_withdrawal(10, $1, $2)',
        ['TRC20', address],
      );
      expect(row).toEqual({ network: 'TRC20', address });
      expect(
        (await errorOf(queryAs(member, 'select * from public.request_withdrawal(1, $1, $2)', ['TRC20', evmAddress()])))
          ?.message,
      ).toBe('wallet.invalid_address');
      expect(
        (
          await errorOf(
            queryAs(member, 'select * from public.request_withdrawal(1, $1, $2)', [
              'TRC20',
              address.replace(/.$/, '1'),
            ]),
          )
        )?.message,
      ).toMatch(/wallet.invalid_address/);
      await queryAs(
        member,
        `insert into public.withdrawal_addresses (network, address, label) values ($1, $2, 'Tron')`,
        ['TRC20', tronAddress()],
      );
      expect(
        await sqlState(
          queryAs(member, `insert into public.withdrawal_addresses (network, address, label) values ($1, $2, 'Tron')`, [
            'TRC20',
            evmAddress(),
          ]),
        ),
      ).toBe('23514');
    });

    it('completes a TRC20 withdrawal with a TRON hash only, linked to Tronscan', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      await enableUsdtNetworks();
      await fundWallet(member, 10);
      const [requested] = await queryAs<{ id: string }>(
        member,
        'select id from public.request_withdrawal(10, $1, $2)',
        ['TRC20', tronAddress()],
      );
      await claimWithdrawal(adminUser, requested!.id);
      expect(
        (
          await errorOf(
            queryAs(adminUser, 'select * from public.admin_complete_withdrawal($1, $2)', [requested!.id, txHash()]),
          )
        )?.message,
      ).toBe('wallet.invalid_tx_hash');
      const hash = tronTxHash();
      // Completion needs the payout verified on chain (usdt-verify-withdrawal records it).
      await verifyPayoutOnChain(requested!.id, hash);
      const [done] = await queryAs<{ status: string; tx_hash: string }>(
        adminUser,
        'select status, tx_hash from public.admin_complete_withdrawal($1, $2)',
        [requested!.id, hash],
      );
      expect(done).toEqual({ status: 'completed', tx_hash: hash });
      expect(await scalar(`private.transaction_url('TRC20', $1)`, [hash])).toBe(
        `https://tronscan.org/#/transaction/${hash}`,
      );
    });
  });

  describe('usdt_networks', () => {
    const UPDATE = 'select * from public.admin_update_usdt_network($1, $2, $3, $4, $5)';

    it('lists the three networks, off until the club sets an address; members read, only admins write', async () => {
      const member = await createMember();
      const rows = await queryAs<{ network: string }>(
        member,
        'select network from public.usdt_networks order by network',
      );
      expect(rows.map((r) => r.network)).toEqual(['TRC20', 'ERC20', 'BSC']);
      expect(await sqlState(queryAs(member, UPDATE, ['TRC20', true, tronAddress(), null, null]))).toBe('42501');
      expect(await sqlState(queryAs(member, `update public.usdt_networks set enabled = true`))).toBe('42501');
      expect(await sqlState(queryAs('anon', 'select * from public.usdt_networks'))).toBe('42501');
      const aal1 = withClaims(await createAdmin(), { aal: 'aal1' });
      expect(await sqlState(queryAs(aal1, UPDATE, ['TRC20', null, null, '5', null]))).toBe('42501');
    });

    it('an admin sets the address, the minimum and the fee of a network; each change is audited', async () => {
      const adminUser = await createAdmin();
      const { rows: before } = await admin().query('select * from public.usdt_networks where network = $1', ['BSC']);
      try {
        // From a network the club has not set up (another test file may have enabled it).
        await admin().query(
          "update public.usdt_networks set enabled = false, receiving_address = null, min_withdrawal = 0.01, withdrawal_fee = 0 where network = 'BSC'",
        );
        expect((await errorOf(queryAs(adminUser, UPDATE, ['BSC', true, '', null, null])))?.message).toBe(
          'chain.address_required',
        );
        expect((await errorOf(queryAs(adminUser, UPDATE, ['BSC', null, tronAddress(), null, null])))?.message).toBe(
          'wallet.invalid_address',
        );
        expect((await errorOf(queryAs(adminUser, UPDATE, ['BSC', null, null, '5', '5'])))?.message).toBe(
          'chain.fee_above_minimum',
        );
        expect((await errorOf(queryAs(adminUser, UPDATE, ['BSC', null, null, '0.001', null])))?.message).toBe(
          'chain.invalid_min_withdrawal',
        );
        const address = evmAddress();
        const [row] = await queryAs<Record<string, unknown>>(adminUser, UPDATE, ['BSC', true, address, '20', '1.50']);
        expect(row).toMatchObject({
          network: 'BSC',
          enabled: true,
          receiving_address: address,
          min_withdrawal: '20.00',
          withdrawal_fee: '1.50',
        });
        const { rows: audit } = await admin().query<{ actor_id: string; after: Record<string, unknown> }>(
          `select actor_id, after from public.admin_audit_log where action = 'usdt_network.update' and target_id = 'BSC'
            order by id desc limit 1`,
        );
        expect(audit[0]).toMatchObject({
          actor_id: adminUser.id,
          after: { enabled: true, receiving_address: address },
        });
        // Removing the address turns the network off only when asked: enabled needs an address.
        expect((await errorOf(queryAs(adminUser, UPDATE, ['BSC', null, '', null, null])))?.message).toBe(
          'chain.address_required',
        );
        expect((await queryAs(adminUser, UPDATE, ['BSC', false, '', null, null]))[0]).toMatchObject({
          enabled: false,
          receiving_address: null,
        });
      } finally {
        const b = before[0] as Record<string, unknown>;
        await admin().query(
          `update public.usdt_networks set enabled = $2, receiving_address = $3, min_withdrawal = $4, withdrawal_fee = $5
            where network = $1`,
          ['BSC', b.enabled, b.receiving_address, b.min_withdrawal, b.withdrawal_fee],
        );
      }
    });
  });

  describe('chain_transfers', () => {
    const CREATE_PLAN = `select * from public.create_payment_order(p_method => $1::public.payment_method, p_plan_tier => $2::public.membership_level, p_consent_text => 'Zgoda na rozpoczęcie usługi')`;
    const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;
    const RECORD = `select t.* from private.record_chain_transfer($1, $2, $3, $4, $5, $6, 100, now()) t`;

    async function usdtOrder(tier = 'START') {
      const member = await createMember();
      const [order] = await queryAs<{ id: string; amount: string }>(member, CREATE_PLAN, ['usdt', tier]);
      return { member, order: order! };
    }

    it('records a transfer once per network, hash and log index, in the smallest unit and in USDT', async () => {
      const hash = tronTxHash();
      const from = tronAddress();
      const to = tronAddress();
      const { rows: first } = await admin().query(RECORD, ['TRC20', hash.toUpperCase(), 0, from, to, '1220010000']);
      expect(first[0]).toMatchObject({
        tx_hash: hash,
        log_index: 0,
        amount_units: '1220010000',
        amount: '1220.010000000000000000',
      });
      const { rows: again } = await admin().query(RECORD, ['TRC20', hash, 0, from, to, '1220010000']);
      expect(again[0].id).toBe(first[0].id);
      const { rows: other } = await admin().query(RECORD, ['TRC20', hash, 1, from, to, '5']);
      expect(other[0].id).not.toBe(first[0].id);
      // BSC's 18 decimals, exactly.
      const { rows: bsc } = await admin().query(RECORD, [
        'BSC',
        txHash(),
        3,
        evmAddress(),
        evmAddress(),
        '1220010000000000000001',
      ]);
      expect(bsc[0].amount).toBe('1220.010000000000000001');
      expect((await errorOf(admin().query(RECORD, ['TRC20', `0x${hash}`, 0, from, to, '1'])))?.message).toBe(
        'payments.invalid_tx_hash',
      );
      // What the chain said is never edited, and a used transfer is never moved to another use.
      expect(
        (
          await errorOf(
            admin().query('update public.chain_transfers set amount_units = 1, amount = 0.000001 where id = $1', [
              first[0].id,
            ]),
          )
        )?.message,
      ).toBe('chain.transfer_immutable');
      // Nobody writes the table directly.
      const adminUser = await createAdmin();
      expect(
        await sqlState(queryAs(adminUser, `delete from public.chain_transfers where id = $1`, [first[0].id])),
      ).toBe('42501');
    });

    it('an admin-entered hash takes the whole transaction: neither it nor a transfer of it pays another order', async () => {
      const adminUser = await createAdmin();
      const { member, order } = await usdtOrder();
      const { order: other } = await usdtOrder();
      const hash = tronTxHash();
      const [paid] = await queryAs(adminUser, CONFIRM, [order.id, null, hash, 'TRC20']);
      expect(paid).toMatchObject({ status: 'paid', tx_hash: hash, network: 'TRC20' });
      expect((await errorOf(queryAs(adminUser, CONFIRM, [other.id, null, hash.toUpperCase(), 'TRC20'])))?.message).toBe(
        'payments.tx_hash_used',
      );
      // The chain read of that transaction fills the admin's row: still this order's.
      const { rows } = await admin().query(RECORD, ['TRC20', hash, 0, tronAddress(), tronAddress(), '1220000000']);
      expect(rows[0]).toMatchObject({ order_id: order.id, log_index: 0 });
      expect(
        (
          await errorOf(
            admin().query(`select * from private.confirm_payment($1, 1220, 'chain', null, $2)`, [other.id, rows[0].id]),
          )
        )?.message,
      ).toBe('payments.tx_hash_used');
      // The member sees the transfer of the order, another member does not.
      expect(
        await queryAs(member, 'select id from public.chain_transfers where order_id = $1', [order.id]),
      ).toHaveLength(1);
      const stranger = await createMember();
      expect(await queryAs(stranger, 'select id from public.chain_transfers where order_id = $1', [order.id])).toEqual(
        [],
      );
    });

    it('one transfer confirms one order under parallel calls', async () => {
      const { order: first } = await usdtOrder();
      const { order: second } = await usdtOrder();
      const hash = tronTxHash();
      const from = tronAddress();
      const to = tronAddress();
      const { rows } = await admin().query(RECORD, ['TRC20', hash, 0, from, to, '1220000000']);
      const id = rows[0].id;
      // Six calls at once (the pool's connections), three for each order.
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          admin().query(`select changed from private.confirm_payment($1, 1220, 'chain', null, $2)`, [
            i % 2 ? second.id : first.id,
            id,
          ]),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      expect(ok.length).toBeGreaterThanOrEqual(1);
      const { rows: receipts } = await admin().query(
        'select order_id from public.payment_receipts where chain_transfer_id = $1',
        [id],
      );
      expect(receipts).toHaveLength(1);
      const { rows: orders } = await admin().query<{ status: string }>(
        'select status from public.payment_orders where id = any($1) order by status',
        [[first.id, second.id]],
      );
      expect(orders.map((o) => o.status).sort()).toEqual(['paid', 'pending']);
      for (const r of results) {
        if (r.status === 'rejected') expect(String((r.reason as Error).message)).toBe('payments.tx_hash_used');
      }
    });
  });

  describe('paying an order in USDT', () => {
    const CREATE = `select * from public.create_payment_order(p_method => $1, p_plan_tier => $2, p_network => $3, p_consent_text => 'Zgoda na rozpoczęcie usługi')`;
    const BEGIN = 'select * from public.chain_begin_payment_check($1, $2, $3)';
    const FINISH = 'select * from public.chain_finish_payment_check($1, $2)';
    let clubAddress: string;
    let saved: Record<string, unknown>;

    beforeAll(async () => {
      const { rows } = await admin().query('select * from public.usdt_networks where network = $1', ['TRC20']);
      saved = rows[0] as Record<string, unknown>;
      clubAddress = tronAddress();
      await admin().query(
        `update public.usdt_networks set enabled = true, receiving_address = $1 where network = 'TRC20'`,
        [clubAddress],
      );
    });
    afterAll(async () => {
      await admin().query(
        `update public.usdt_networks set enabled = $1, receiving_address = $2 where network = 'TRC20'`,
        [saved.enabled, saved.receiving_address],
      );
    });

    type Order = { id: string; amount: string; amount_offset: string; network: string; status: string };
    async function order(tier = 'PREMIUM', member?: Awaited<ReturnType<typeof createMember>>) {
      const buyer = member ?? (await createMember());
      const [row] = await queryAs<Order>(buyer, CREATE, ['usdt', tier, 'TRC20']);
      return { member: buyer, order: row! };
    }
    const transfer = (units: string, extra: Record<string, unknown> = {}) => ({
      logIndex: 0,
      from: tronAddress(),
      to: clubAddress,
      units,
      blockNumber: 68000100,
      blockTime: new Date().toISOString(),
      ...extra,
    });
    const unitsOf = (amount: string) => (BigInt(Math.round(Number(amount) * 100)) * 10_000n).toString();

    it('gives each pending order of a network its own amount: the price plus 0.01–0.99 USDT', async () => {
      const { rows: plan } = await admin().query<{ price_usdt: string }>(
        `select price_usdt from public.membership_plans where tier = 'PREMIUM'`,
      );
      const orders = await Promise.all(Array.from({ length: 8 }, () => order()));
      const amounts = orders.map((o) => o.order.amount);
      expect(new Set(amounts).size).toBe(8);
      for (const { order: o } of orders) {
        expect(Number(o.amount_offset)).toBeGreaterThanOrEqual(0.01);
        expect(Number(o.amount_offset)).toBeLessThanOrEqual(0.99);
        expect(Number(o.amount)).toBeCloseTo(Number(plan[0]!.price_usdt) + Number(o.amount_offset), 2);
        expect(o.network).toBe('TRC20');
      }
      // The same member asking again gets the same order (and amount).
      const again = await queryAs<Order>(orders[0]!.member, CREATE, ['usdt', 'PREMIUM', 'TRC20']);
      expect(again[0]!.id).toBe(orders[0]!.order.id);
      // A network the club has not switched on is refused (switched off here: other files pay out on it).
      const { rows: bsc } = await admin().query<{ enabled: boolean }>(
        `select enabled from public.usdt_networks where network = 'BSC'`,
      );
      await admin().query(`update public.usdt_networks set enabled = false where network = 'BSC'`);
      try {
        expect((await errorOf(queryAs(orders[0]!.member, CREATE, ['usdt', 'VIP', 'BSC'])))?.message).toBe(
          'payments.network_disabled',
        );
      } finally {
        await admin().query(`update public.usdt_networks set enabled = $1 where network = 'BSC'`, [bsc[0]!.enabled]);
      }
      expect((await errorOf(queryAs(orders[0]!.member, CREATE, ['transfer', 'VIP', 'TRC20'])))?.message).toBe(
        'payments.invalid_network',
      );
    });

    it('a hash the member pasted: not final → waiting x/y; final → paid via the chain, without an admin', async () => {
      const { member, order: o } = await order();
      const hash = tronTxHash();
      const { rows: begun } = await admin().query(BEGIN, [member.id, o.id, hash.toUpperCase()]);
      expect(begun[0]).toMatchObject({ status: 'waiting', network: 'TRC20', tx_hash: hash, to_address: clubAddress });
      expect(begun[0].amount).toBe(o.amount);
      const t = transfer(unitsOf(o.amount));
      const { rows: waiting } = await admin().query(FINISH, [
        begun[0].check_id,
        { status: 'not_final', confirmations: 3, required: 19, transfer: t },
      ]);
      expect(waiting[0]).toMatchObject({ status: 'waiting', confirmations: 3, required: 19, order_status: 'pending' });
      const mine = await queryAs(
        member,
        'select status, confirmations, required from public.usdt_payment_checks where order_id = $1',
        [o.id],
      );
      expect(mine).toEqual([{ status: 'waiting', confirmations: 3, required: 19 }]);
      const { rows: paid } = await admin().query(FINISH, [
        begun[0].check_id,
        { status: 'ok', confirmations: 19, transfer: t },
      ]);
      expect(paid[0]).toMatchObject({ status: 'confirmed', order_status: 'paid' });
      const { rows: orderRow } = await admin().query(
        'select status, decided_via, decided_by, tx_hash, network from public.payment_orders where id = $1',
        [o.id],
      );
      expect(orderRow[0]).toEqual({
        status: 'paid',
        decided_via: 'chain',
        decided_by: null,
        tx_hash: hash,
        network: 'TRC20',
      });
      // Told again: nothing changes; another member's order cannot use the hash.
      expect((await admin().query(FINISH, [begun[0].check_id, { status: 'ok', transfer: t }])).rows[0].status).toBe(
        'confirmed',
      );
      const { member: other, order: otherOrder } = await order();
      expect((await errorOf(admin().query(BEGIN, [other.id, otherOrder.id, hash])))?.message).toBe(
        'payments.tx_hash_used',
      );
      // Nobody reaches someone else's order.
      expect((await errorOf(admin().query(BEGIN, [other.id, o.id, tronTxHash()])))?.message).toBe(
        'payments.order_not_found',
      );
      // Members cannot call the service functions.
      expect(await sqlState(queryAs(member, BEGIN, [member.id, o.id, hash]))).toBe('42501');
    });

    it('less than the order: underpaid with what arrived; a wrong transfer is rejected and credits nothing', async () => {
      const { member, order: o } = await order();
      const short = await admin().query(BEGIN, [member.id, o.id, tronTxHash()]);
      const { rows } = await admin().query(FINISH, [
        short.rows[0].check_id,
        { status: 'ok', transfer: transfer('100000000') },
      ]);
      expect(rows[0]).toMatchObject({ status: 'confirmed', order_status: 'underpaid' });
      const { rows: order_ } = await admin().query(
        'select amount_received::text, shortfall::text from public.payment_orders where id = $1',
        [o.id],
      );
      expect(order_[0].amount_received).toBe('100.00');
      const wrong = await admin().query(BEGIN, [member.id, o.id, tronTxHash()]);
      const { rows: rejected } = await admin().query(FINISH, [
        wrong.rows[0].check_id,
        { status: 'wrong_recipient', recipients: [tronAddress()] },
      ]);
      expect(rejected[0]).toMatchObject({ status: 'rejected', outcome: 'wrong_recipient', order_status: 'underpaid' });
    });

    it('limits a member to 10 hashes an hour', async () => {
      const { member, order: o } = await order();
      for (let i = 0; i < 10; i++) await admin().query(BEGIN, [member.id, o.id, tronTxHash()]);
      expect((await errorOf(admin().query(BEGIN, [member.id, o.id, tronTxHash()])))?.message).toBe(
        'payments.too_many_checks',
      );
    });

    it('the watcher pays the pending order of exactly that amount; anything else is queued and credits nothing', async () => {
      const { order: o } = await order();
      const RECORD_IN = 'select public.chain_record_incoming($1, $2, $3, $4) as r';
      const matched = { hash: tronTxHash(), ...transfer(unitsOf(o.amount)) };
      const stranger = { hash: tronTxHash(), ...transfer('123456789') };
      const { rows } = await admin().query(RECORD_IN, [
        'TRC20',
        clubAddress,
        JSON.stringify([matched, stranger]),
        'c1',
      ]);
      expect(rows[0].r).toEqual({ known: 0, matched: 1, unrecognised: 1 });
      expect(
        (await admin().query('select status from public.payment_orders where id = $1', [o.id])).rows[0].status,
      ).toBe('paid');
      // Again (a run repeated): nothing new.
      const { rows: again } = await admin().query(RECORD_IN, [
        'TRC20',
        clubAddress,
        JSON.stringify([matched, stranger]),
        'c2',
      ]);
      expect(again[0].r).toEqual({ known: 2, matched: 0, unrecognised: 0 });
      const { rows: queued } = await admin().query<{ id: string; order_id: string | null }>(
        `select t.id, t.order_id from public.chain_transfers t join public.chain_unrecognised_transfers u on u.chain_transfer_id = t.id
          where t.tx_hash = $1`,
        [stranger.hash],
      );
      expect(queued).toEqual([{ id: expect.any(String), order_id: null }]);
      expect(
        (
          await admin().query('select count(*)::int as n from public.payment_receipts where chain_transfer_id = $1', [
            queued[0]!.id,
          ])
        ).rows[0].n,
      ).toBe(0);
      const { rows: targets } = await admin().query(
        `select * from public.chain_watch_targets() where network = 'TRC20'`,
      );
      expect(targets[0]).toMatchObject({ address: clubAddress, cursor: 'c2' });
    });

    it('an admin assigns an unrecognised transfer to an order, refunds or ignores one; each audited', async () => {
      const adminUser = await createAdmin();
      const { order: o } = await order();
      const first = { hash: tronTxHash(), ...transfer('5000000') };
      const second = { hash: tronTxHash(), ...transfer('7000000') };
      await admin().query('select public.chain_record_incoming($1, $2, $3, $4)', [
        'TRC20',
        clubAddress,
        JSON.stringify([first, second]),
        null,
      ]);
      const ids = (
        await admin().query<{ id: string; tx_hash: string }>(
          'select id, tx_hash from public.chain_transfers where tx_hash = any($1)',
          [[first.hash, second.hash]],
        )
      ).rows;
      const idOf = (hash: string) => ids.find((r) => r.tx_hash === hash)!.id;
      const listed = await queryAs<{ chain_transfer_id: string }>(
        adminUser,
        'select * from public.admin_list_unrecognised_transfers()',
      );
      expect(listed.map((r) => r.chain_transfer_id)).toEqual(
        expect.arrayContaining([idOf(first.hash), idOf(second.hash)]),
      );
      const member = await createMember();
      expect(await sqlState(queryAs(member, 'select * from public.admin_list_unrecognised_transfers()'))).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'select * from public.admin_assign_unrecognised_transfer($1, $2)', [
            idOf(first.hash),
            'KLB-XXXXXX',
          ]),
        ),
      ).toBe('42501');

      const [{ reference }] = (await admin().query('select reference from public.payment_orders where id = $1', [o.id]))
        .rows;
      const [assigned] = await queryAs<{ payment_order: string }>(
        adminUser,
        'select (payment_order).status from public.admin_assign_unrecognised_transfer($1, $2)',
        [idOf(first.hash), reference.toLowerCase()],
      );
      expect(assigned).toEqual({ status: 'underpaid' });
      expect(
        (
          await errorOf(
            queryAs(adminUser, 'select * from public.admin_assign_unrecognised_transfer($1, $2)', [
              idOf(first.hash),
              reference,
            ]),
          )
        )?.message,
      ).toBe('chain.transfer_decided');
      const CLOSE = 'select status from public.admin_close_unrecognised_transfer($1, $2, $3, $4)';
      expect((await errorOf(queryAs(adminUser, CLOSE, [idOf(second.hash), 'refunded', 'zwrot', null])))?.message).toBe(
        'chain.refund_reference_required',
      );
      expect(
        await queryAs(adminUser, CLOSE, [idOf(second.hash), 'refunded', 'Zwrot do nadawcy', tronTxHash()]),
      ).toEqual([{ status: 'refunded' }]);
      const { rows: audit } = await admin().query<{ action: string; actor_id: string }>(
        `select action, actor_id from public.admin_audit_log where target_type = 'chain_transfer' and target_id = any($1) order by id`,
        [[idOf(first.hash), idOf(second.hash)]],
      );
      expect(audit).toEqual([
        { action: 'chain_transfer.assign', actor_id: adminUser.id },
        { action: 'chain_transfer.refund', actor_id: adminUser.id },
      ]);
      // A refunded transfer never credits anything.
      expect(
        (
          await admin().query('select count(*)::int as n from public.payment_receipts where chain_transfer_id = $1', [
            idOf(second.hash),
          ])
        ).rows[0].n,
      ).toBe(0);
    });
  });
});
