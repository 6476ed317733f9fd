import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import {
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import {
  checkLedgerAfterEachTest,
  txHash,
  freeSlots,
  notificationsOf,
  occupySlots,
  payForPlan,
} from '../helpers/money-factories.ts';
import {
  createReferralCode,
  profileOf,
  race,
  setMembershipLevel,
  signUpWithReferral,
} from '../helpers/accounts-factories.ts';

// Money amounts fit their columns: an amount the column
// cannot hold is refused with a message key, never with a bare numeric overflow (22003), on every
// admin and member RPC that takes an amount or adds to a balance.
describe('money amount limits', () => {
  checkLedgerAfterEachTest();

  const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;

  describe('admin_confirm_payment: the amount received is numeric(12, 2)', () => {
    it('takes 9 999 999 999.99, refuses more with payments.amount_too_high, and mails the whole amount', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      const [order] = await queryAs<{ id: string }>(
        member,
        `select * from public.create_payment_order(p_method => 'usdt', p_plan_tier => 'START', p_consent_text => 'Zgoda (test)')`,
      );
      // 10^10 up to just below 10^16 passed the wallet's limit and then overflowed the column (22003).
      for (const tooHigh of ['10000000000', '10000000000.00', '9999999999999999.99']) {
        expect(await errorOf(queryAs(adminUser, CONFIRM, [order!.id, tooHigh, null, null]))).toEqual({
          code: 'P0001',
          message: 'payments.amount_too_high',
        });
      }
      // Not a valid amount at all says so first, however large; the order is still pending.
      for (const invalid of ['10000000000.001', '1e20', 'NaN', 'Infinity', '0']) {
        expect((await errorOf(queryAs(adminUser, CONFIRM, [order!.id, invalid, null, null])))?.message).toBe(
          'payments.invalid_amount',
        );
      }
      const { rows: pending } = await admin().query<{ status: string }>(
        'select status from public.payment_orders where id = $1',
        [order!.id],
      );
      expect(pending[0]!.status).toBe('pending');

      const hash = txHash();
      const [paid] = await queryAs<{ changed: boolean; amount_received: string; tx_hash: string }>(adminUser, CONFIRM, [
        order!.id,
        '9999999999.99',
        hash,
        'ERC20',
      ]);
      expect(paid).toMatchObject({ changed: true, amount_received: '9999999999.99', tx_hash: hash });
      const { rows: mails } = await admin().query<{ variables: { amount: string } }>(
        `select variables from private.email_outbox where user_id = $1 and template = 'payment-confirmed'`,
        [member.id],
      );
      expect(mails.map((m) => m.variables.amount)).toEqual(['9999999999.99 USDT']);
    });
  });
});

// Payment links: read by members (the plans and CCC payment dialogs open them), written only by
// admins, http(s) URLs only, one link per tier and method.
describe('payment links', () => {
  const tables = [
    { table: 'plan_payment_links', tier: 'PREMIUM', otherTier: 'VIP', badTier: 'FREE' },
    { table: 'ccc_payment_links', tier: 'GOLD', otherTier: 'SILVER', badTier: 'TITANIUM' },
  ] as const;

  describe.each(tables)('$table', ({ table, tier, otherTier, badTier }) => {
    let member: TestUser;
    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember();
      adminUser = await createAdmin();
      await admin().query(`delete from public.${table} where tier in ($1, $2)`, [tier, otherTier]);
      await admin().query(
        `insert into public.${table} (tier, method, url) values ($1, 'acc', 'https://pay.example.com/a')`,
        [tier],
      );
    });

    it('is read by members, not by anon', async () => {
      const rows = await queryAs<{ url: string }>(
        member,
        `select url from public.${table} where tier = $1 and method = 'acc'`,
        [tier],
      );
      expect(rows).toEqual([{ url: 'https://pay.example.com/a' }]);
      expect(await sqlState(queryAs('anon', `select url from public.${table}`))).toBe('42501');
    });

    it('cannot be written by a member', async () => {
      const inserted = queryAs(
        member,
        `insert into public.${table} (tier, method, url) values ($1, 'usdt', 'https://evil.example.com/x')`,
        [tier],
      );
      expect(await sqlState(inserted)).toBe('42501');
      const updated = await queryAs(
        member,
        `update public.${table} set url = 'https://evil.example.com/x' where tier = $1 returning url`,
        [tier],
      );
      expect(updated).toEqual([]);
      const deleted = await queryAs(member, `delete from public.${table} where tier = $1 returning tier`, [tier]);
      expect(deleted).toEqual([]);
      const { rows } = await admin().query(`select url from public.${table} where tier = $1`, [tier]);
      expect(rows).toEqual([{ url: 'https://pay.example.com/a' }]);
    });

    it('is created, changed and deleted by an admin', async () => {
      await queryAs(
        adminUser,
        `insert into public.${table} (tier, method, url) values ($1, 'transfer', 'https://pay.example.com/t')`,
        [otherTier],
      );
      const [changed] = await queryAs<{ url: string }>(
        adminUser,
        `update public.${table} set url = 'https://pay.example.com/t2' where tier = $1 and method = 'transfer' returning url`,
        [otherTier],
      );
      expect(changed).toEqual({ url: 'https://pay.example.com/t2' });
      const deleted = await queryAs(adminUser, `delete from public.${table} where tier = $1 returning method`, [
        otherTier,
      ]);
      expect(deleted).toEqual([{ method: 'transfer' }]);
    });

    it('accepts only http(s) URLs, known tiers and methods, and one link per tier and method', async () => {
      const insert = (values: string) =>
        queryAs(adminUser, `insert into public.${table} (tier, method, url) values ${values}`);
      expect(await sqlState(insert(`('${tier}', 'usdt', 'javascript:alert(1)')`))).toBe('23514');
      expect(await sqlState(insert(`('${tier}', 'usdt', 'https://no-dot')`))).toBe('23514');
      expect(await sqlState(insert(`('${tier}', 'card', 'https://pay.example.com/c')`))).toBe('22P02');
      expect(await sqlState(insert(`('${badTier}', 'usdt', 'https://pay.example.com/c')`))).toMatch(/^(22P02|23503)$/);
      expect(await sqlState(insert(`('${tier}', 'acc', 'https://pay.example.com/dup')`))).toBe('23505');
    });
  });
});

// Payment orders and membership terms (issue 19): members record orders with catalogue prices and
// limits; admins confirm once (plan → level + end date + referral commission; CCC → assignments
// under the slot lock) or reject with a reason; reminders go out once; the catalogue is edited by
// admins with validation. Every RPC as member, other member, admin and anon.
describe('payments', () => {
  // This file fills CCC tiers (orders refused for want of a slot, the confirmation race) and edits the
  // catalogue. Other files count the same tiers afterwards: what this file occupied is released and the
  // CCC settings restored when it ends.
  let startedAt: string;
  let cccSettingsBefore: Record<string, unknown>;
  beforeAll(async () => {
    startedAt = (await admin().query<{ now: string }>('select now()::text as now')).rows[0]!.now;
    cccSettingsBefore = (await admin().query('select contract_address, total_supply from public.ccc_settings')).rows[0];
  });
  afterAll(async () => {
    // Packages of paid orders stay (the orders keep them, the money invariant checks it): they end now.
    await admin().query('delete from public.ccc_assignments where created_at >= $1 and order_id is null', [startedAt]);
    await admin().query(
      `update public.ccc_assignments set end_date = greatest(now() - interval '1 second', start_date + interval '1 microsecond')
    where created_at >= $1 and order_id is not null and end_date >= now()`,
      [startedAt],
    );
    // Pending orders of this file no longer reserve slots.
    await admin().query(
      `update public.payment_orders set expires_at = now() where created_at >= $1 and status = 'pending'`,
      [startedAt],
    );
    await admin().query('update public.ccc_settings set contract_address = $1, total_supply = $2', [
      cccSettingsBefore.contract_address,
      cccSettingsBefore.total_supply,
    ]);
  });

  interface Order {
    id: string;
    reference: string;
    user_id: string;
    kind: 'plan' | 'ccc';
    plan_tier: string | null;
    ccc_tier: string | null;
    quantity: number;
    method: string;
    amount: string;
    currency: string;
    status: string;
    amount_received: string | null;
    tx_hash: string | null;
    rejection_reason: string | null;
    membership_valid_until: string | null;
  }

  const CREATE_PLAN = `select * from public.create_payment_order(p_method => $1, p_plan_tier => $2, p_consent_text => 'Zgoda (test)')`;

  const CREATE_CCC = `select * from public.create_payment_order(p_method => $1, p_ccc_tier => $2, p_quantity => $3, p_consent_text => 'Zgoda (test)')`;

  const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;

  const REJECT = `select changed, (payment_order).* from public.admin_reject_payment($1, $2)`;

  async function orderPlan(member: TestUser, tier = 'START', method = 'transfer'): Promise<Order> {
    const [row] = await queryAs<Order>(member, CREATE_PLAN, [method, tier]);
    return row!;
  }

  async function orderCcc(member: TestUser, tier: string, quantity = 1, method = 'usdt'): Promise<Order> {
    const [row] = await queryAs<Order>(member, CREATE_CCC, [method, tier, quantity]);
    return row!;
  }

  async function confirm(
    adminUser: TestUser,
    orderId: string,
    received: string | null = null,
    hash: string | null = null,
    network: string | null = hash ? 'ERC20' : null,
  ) {
    const [row] = await queryAs<Order & { changed: boolean }>(adminUser, CONFIRM, [orderId, received, hash, network]);
    return row!;
  }

  async function orderById(id: string): Promise<Order> {
    const { rows } = await admin().query<Order>(
      `select *, membership_valid_until::text as membership_valid_until from public.payment_orders where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  async function validUntil(userId: string): Promise<string | null> {
    const { rows } = await admin().query<{ d: string | null }>(
      `select membership_valid_until::text as d from public.profiles where user_id = $1`,
      [userId],
    );
    return rows[0]!.d;
  }

  async function setTerm(userId: string, level: string, until: string | null) {
    await admin().query(
      `update public.profiles set membership_level = $2, membership_valid_until = $3::date where user_id = $1`,
      [userId, level, until],
    );
  }

  // Days are Warsaw days (private.warsaw_today()), whatever the database's time zone.
  const dayOffset = async (days: number): Promise<string> => {
    const { rows } = await admin().query<{ d: string }>(`select (private.warsaw_today() + $1::int)::text as d`, [days]);
    return rows[0]!.d;
  };

  describe('create_payment_order', () => {
    it('records a pending order with the catalogue price and a KLB- reference, per method', async () => {
      const member = await createMember();
      const transfer = await orderPlan(member, 'START', 'transfer');
      expect(transfer).toMatchObject({
        status: 'pending',
        kind: 'plan',
        plan_tier: 'START',
        amount: '4997.00',
        currency: 'PLN',
      });
      expect(transfer.reference).toMatch(/^KLB-[23456789A-HJ-NP-Z]{6}$/);
      expect(transfer.user_id).toBe(member.id);
      const usdt = await orderPlan(member, 'START', 'usdt');
      expect(usdt).toMatchObject({ amount: '1220.00', currency: 'USDT' });
      const acc = await orderPlan(member, 'START', 'acc');
      expect(acc).toMatchObject({ amount: '4497.00', currency: 'PLN' });
      expect(new Set([transfer.reference, usdt.reference, acc.reference]).size).toBe(3);
    });

    it('prices CCC orders in USDT, ACC at 90 %, times the quantity', async () => {
      const member = await createMember();
      expect(await orderCcc(member, 'BRONZE', 2, 'usdt')).toMatchObject({
        amount: '1000.00',
        currency: 'USDT',
        quantity: 2,
      });
      expect(await orderCcc(member, 'BRONZE', 1, 'acc')).toMatchObject({ amount: '450.00', currency: 'USDT' });
    });

    it('reuses the open order for the same item and method instead of a second one', async () => {
      const member = await createMember();
      const first = await orderPlan(member, 'PREMIUM', 'usdt');
      const again = await orderPlan(member, 'PREMIUM', 'usdt');
      expect(again.id).toBe(first.id);
      expect(again.reference).toBe(first.reference);
      const { rows } = await admin().query(`select id from public.payment_orders where user_id = $1`, [member.id]);
      expect(rows).toHaveLength(1);
    });

    it('refuses a fourth pending order, and allows one again after a cancel', async () => {
      const member = await createMember();
      const first = await orderPlan(member, 'START', 'transfer');
      await orderPlan(member, 'START', 'usdt');
      await orderPlan(member, 'PREMIUM', 'transfer');
      const fourth = await errorOf(queryAs(member, CREATE_PLAN, ['transfer', 'VIP']));
      expect(fourth).toEqual({ code: 'P0001', message: 'payments.too_many_pending' });
      await queryAs(member, `select * from public.cancel_payment_order($1)`, [first.id]);
      expect((await orderPlan(member, 'VIP', 'transfer')).status).toBe('pending');
    });

    it('holds the limit when one member creates many orders at once', async () => {
      const member = await createMember();
      const results = await race(
        6,
        member,
        `select * from public.create_payment_order(p_method => 'transfer', p_ccc_tier => 'START', p_quantity => floor(random() * 10)::int + 1, p_consent_text => 'Zgoda (test)')`,
      );
      const { rows } = await admin().query<{ n: number }>(
        `select count(*)::int as n from public.payment_orders where user_id = $1 and status = 'pending'`,
        [member.id],
      );
      expect(rows[0]!.n).toBeLessThanOrEqual(3);
      expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    });

    it('refuses a CCC order for a tier without enough free slots', async () => {
      const member = await createMember();
      const holder = await createMember();
      await occupySlots('PLATINUM', await freeSlots('PLATINUM'), holder.id);
      expect(await errorOf(queryAs(member, CREATE_CCC, ['usdt', 'PLATINUM', 1]))).toEqual({
        code: 'P0001',
        message: 'payments.no_slots',
      });
    });

    it('refuses bad items and quantities, and anonymous callers', async () => {
      const member = await createMember();
      expect((await errorOf(queryAs(member, `select public.create_payment_order('transfer')`)))?.message).toBe(
        'payments.invalid_item',
      );
      expect(
        (await errorOf(queryAs(member, `select public.create_payment_order('transfer', 'START', 'GOLD')`)))?.message,
      ).toBe('payments.invalid_item');
      expect((await errorOf(queryAs(member, CREATE_CCC, ['usdt', 'GOLD', 11])))?.message).toBe(
        'payments.invalid_quantity',
      );
      expect(await sqlState(queryAs('anon', CREATE_PLAN, ['transfer', 'START']))).toBe('42501');
    });

    it('refuses an order without the consent to the service starting at once', async () => {
      const member = await createMember();
      for (const consent of [null, '', '   ']) {
        expect(
          await errorOf(
            queryAs(
              member,
              `select * from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START', p_consent_text => $1)`,
              [consent],
            ),
          ),
        ).toEqual({ code: 'P0001', message: 'payments.consent_required' });
      }
      expect(
        (
          await admin().query('select count(*)::int as orders from public.payment_orders where user_id = $1', [
            member.id,
          ])
        ).rows[0],
      ).toEqual({ orders: 0 });
    });

    it('cannot be written directly: members only read their own orders, admins all', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      const adminUser = await createAdmin();
      const order = await orderPlan(member);
      expect(
        await sqlState(queryAs(member, `update public.payment_orders set status = 'paid' where id = $1`, [order.id])),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(
            member,
            `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency)
           values ('KLB-AAAAAA', $1, 'plan', 'VIP', 'transfer', 1, 'PLN')`,
            [member.id],
          ),
        ),
      ).toBe('42501');
      expect(await queryAs(member, `select id from public.payment_orders where id = $1`, [order.id])).toHaveLength(1);
      expect(await queryAs(otherMember, `select id from public.payment_orders where id = $1`, [order.id])).toEqual([]);
      expect(await queryAs(adminUser, `select id from public.payment_orders where id = $1`, [order.id])).toHaveLength(
        1,
      );
      expect(await sqlState(queryAs('anon', `select id from public.payment_orders`))).toBe('42501');
      const mine = await queryAs<{ reference: string; item_label: string }>(
        member,
        `select reference, item_label from public.get_my_payment_orders()`,
      );
      expect(mine).toEqual([{ reference: order.reference, item_label: 'Plan START' }]);
      expect(await queryAs(otherMember, `select * from public.get_my_payment_orders()`)).toEqual([]);
    });
  });

  describe('cancel_payment_order', () => {
    it('cancels the member’s own pending order once; nobody else’s', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      const order = await orderPlan(member);
      expect(await errorOf(queryAs(otherMember, `select * from public.cancel_payment_order($1)`, [order.id]))).toEqual({
        code: 'P0002',
        message: 'payments.order_not_found',
      });
      const [cancelled] = await queryAs<Order>(member, `select * from public.cancel_payment_order($1)`, [order.id]);
      expect(cancelled!.status).toBe('cancelled');
      expect(
        (await errorOf(queryAs(member, `select * from public.cancel_payment_order($1)`, [order.id])))?.message,
      ).toBe('payments.not_pending');
      expect(await sqlState(queryAs('anon', `select * from public.cancel_payment_order($1)`, [order.id]))).toBe(
        '42501',
      );
    });
  });

  describe('admin_confirm_payment', () => {
    it('turns a plan order into the level until the day before the same date next year, once, with the referral commission', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const member = await signUpWithReferral(code.code);
      const adminUser = await createAdmin();
      const order = await orderPlan(member, 'START', 'transfer');

      const first = await confirm(adminUser, order.id);
      expect(first.changed).toBe(true);
      expect(first.status).toBe('paid');
      expect(first.amount_received).toBe('4997.00');
      const expected = await admin().query<{ d: string }>(
        `select private.plan_year_end(private.warsaw_today())::text as d`,
      );
      expect(await validUntil(member.id)).toBe(expected.rows[0]!.d);
      expect((await profileOf(member.id))!.membership_level).toBe('START');
      expect((await orderById(order.id)).membership_valid_until).toBe(expected.rows[0]!.d);

      const second = await confirm(adminUser, order.id);
      expect(second.changed).toBe(false);
      expect(await validUntil(member.id)).toBe(expected.rows[0]!.d);

      const { rows: commissions } = await admin().query<{ amount_pln: string; level: string }>(
        `select amount_pln, level from public.referral_commissions where referred_id = $1`,
        [member.id],
      );
      expect(commissions).toEqual([{ amount_pln: '499.70', level: 'START' }]);
      const titles = (await notificationsOf(member.id)).map((n) => n.title);
      expect(titles.filter((t) => t === 'Płatność potwierdzona')).toHaveLength(1);
      const { rows: mails } = await admin().query<{
        template: string;
        to_email: string;
        variables: Record<string, string>;
      }>(`select template, to_email, variables from private.email_outbox where user_id = $1`, [member.id]);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'payment-confirmed', to_email: member.email });
      expect(mails[0]!.variables.reference).toBe(order.reference);
      const { rows: audit } = await admin().query<{ action: string }>(
        `select action from public.admin_audit_log where target_user_id = $1 order by id`,
        [member.id],
      );
      expect(audit.map((a) => a.action)).toEqual(['profiles.update', 'payment.confirm']);
    });

    it('queues a same-tier renewal after the current end date, and starts from today after expiry', async () => {
      const adminUser = await createAdmin();
      const early = await createMember();
      const in100 = await dayOffset(100);
      await setTerm(early.id, 'PREMIUM', in100);
      await confirm(adminUser, (await orderPlan(early, 'PREMIUM')).id);
      const { rows } = await admin().query<{ d: string }>(`select ($1::date + interval '1 year')::date::text as d`, [
        in100,
      ]);
      expect(await validUntil(early.id)).toBe(rows[0]!.d);
      expect((await profileOf(early.id))!.membership_level).toBe('PREMIUM');

      const lapsed = await createMember();
      await setTerm(lapsed.id, 'START', await dayOffset(-10));
      await confirm(adminUser, (await orderPlan(lapsed, 'START')).id);
      const { rows: fromToday } = await admin().query<{ d: string }>(
        `select private.plan_year_end(private.warsaw_today())::text as d`,
      );
      expect(await validUntil(lapsed.id)).toBe(fromToday[0]!.d);
    });

    it('records the amount received and a USDT transaction hash, and refuses bad ones', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      const usdtOrder = await orderPlan(member, 'START', 'usdt');
      expect((await errorOf(queryAs(adminUser, CONFIRM, [usdtOrder.id, '1.001', null, null])))?.message).toBe(
        'payments.invalid_amount',
      );
      expect((await errorOf(queryAs(adminUser, CONFIRM, [usdtOrder.id, 'NaN', null, null])))?.message).toBe(
        'payments.invalid_amount',
      );
      expect((await errorOf(queryAs(adminUser, CONFIRM, [usdtOrder.id, '-5', null, null])))?.message).toBe(
        'payments.invalid_amount',
      );
      expect((await errorOf(queryAs(adminUser, CONFIRM, [usdtOrder.id, null, '0x1234', null])))?.message).toBe(
        'payments.invalid_tx_hash',
      );
      // A transaction is its network and hash: a hash alone could be counted twice.
      const hash = txHash();
      expect((await errorOf(confirm(adminUser, usdtOrder.id, '1219.50', hash, null)))?.message).toBe(
        'payments.network_required',
      );
      const paid = await confirm(adminUser, usdtOrder.id, '1219.50', hash);
      expect(paid).toMatchObject({ changed: true, amount_received: '1219.50', tx_hash: hash, network: 'ERC20' });

      const transferOrder = await orderPlan(member, 'VIP', 'transfer');
      expect((await errorOf(queryAs(adminUser, CONFIRM, [transferOrder.id, null, txHash(), null])))?.message).toBe(
        'payments.invalid_tx_hash',
      );
    });

    it('is for admins only (members, anon and an admin without the second factor are refused)', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      const order = await orderPlan(member);
      expect(await sqlState(queryAs(member, CONFIRM, [order.id, null, null, null]))).toBe('42501');
      expect(await sqlState(queryAs(otherMember, CONFIRM, [order.id, null, null, null]))).toBe('42501');
      expect(await sqlState(queryAs('anon', CONFIRM, [order.id, null, null, null]))).toBe('42501');
      expect(await sqlState(queryAs(member, REJECT, [order.id, 'x']))).toBe('42501');
      expect((await orderById(order.id)).status).toBe('pending');
    });

    it('takes money that arrives for a cancelled order at its fixed price; for a rejected one it is to be refunded', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      const order = await orderPlan(member);
      await queryAs(member, `select * from public.cancel_payment_order($1)`, [order.id]);
      expect(await confirm(adminUser, order.id)).toMatchObject({
        changed: true,
        status: 'paid',
        amount_received: '4997.00',
      });
      expect((await profileOf(member.id))!.membership_level).toBe('START');

      const rejected = await orderPlan(member, 'VIP');
      await queryAs(adminUser, REJECT, [rejected.id, 'Brak przelewu']);
      // The money is never dropped, and a rejected order grants nothing: it goes back.
      expect(await confirm(adminUser, rejected.id)).toMatchObject({
        status: 'to_refund',
        rejection_reason: 'Brak przelewu',
        amount_received: rejected.amount,
      });
      expect((await profileOf(member.id))!.membership_level).toBe('START');
      // More money for it adds to what goes back.
      expect(await confirm(adminUser, rejected.id, '3.00')).toMatchObject({
        status: 'to_refund',
        amount_received: (Number(rejected.amount) + 3).toFixed(2),
      });
    });

    it('two admins confirming at once change the level once', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      const order = await orderPlan(member, 'VIP');
      const results = await race<{ changed: boolean }>(2, adminUser, CONFIRM, [order.id, null, null, null]);
      const changed = results.map((r) => (r.status === 'fulfilled' ? r.value[0]!.changed : 'failed'));
      expect(changed.sort()).toEqual([false, true]);
      const titles = (await notificationsOf(member.id)).filter((n) => n.title === 'Płatność potwierdzona');
      expect(titles).toHaveLength(1);
    });

    it('a pending CCC order reserves its slot: 20 orders racing for 3 free slots give 3 orders, all confirmed', async () => {
      const adminUser = await createAdmin();
      const holder = await createMember();
      const free = await freeSlots('SILVER');
      await occupySlots('SILVER', free - 3, holder.id);
      expect(await freeSlots('SILVER')).toBe(3);
      const members = await Promise.all(Array.from({ length: 20 }, () => createMember()));

      const settled = await Promise.allSettled(members.map((member) => orderCcc(member, 'SILVER', 1, 'usdt')));
      const created = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const refused = settled.filter((r) => r.status === 'rejected');
      expect(created).toHaveLength(3);
      expect(refused).toHaveLength(17);
      for (const failure of refused) {
        expect((failure as PromiseRejectedResult).reason.message).toBe('payments.no_slots');
      }
      // Reserved, so no longer free for anybody (the members' view counts reservations too)…
      const [silver] = await queryAs<{ available_slots: number }>(
        holder,
        `select available_slots from public.get_ccc_availability() where tier = 'SILVER'`,
      );
      expect(silver!.available_slots).toBe(0);
      expect(
        (
          await errorOf(
            queryAs(adminUser, `select * from public.admin_assign_ccc_package($1, 'SILVER', 1)`, [holder.id]),
          )
        )?.message,
      ).toBe('ccc.no_slots');
      // …and every confirmation finds its slot.
      const confirmed = await Promise.all(created.map((order) => confirm(adminUser, order.id)));
      expect(confirmed.map((row) => row.status)).toEqual(['paid', 'paid', 'paid']);
      expect(await freeSlots('SILVER')).toBe(0);
    });

    it('shows the member their own packages after a CCC confirmation', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const order = await orderCcc(member, 'BRONZE', 2, 'acc');
      await confirm(adminUser, order.id);
      const packages = await queryAs<{ package_tier: string; active: boolean }>(
        member,
        `select package_tier, active from public.get_user_ccc_packages(null)`,
      );
      expect(packages).toEqual([
        { package_tier: 'BRONZE', active: true },
        { package_tier: 'BRONZE', active: true },
      ]);
    });
  });

  describe('admin_reject_payment', () => {
    it('rejects with a required reason, notifies and queues the e-mail; a second reject changes nothing', async () => {
      const member = await createMember();
      const adminUser = await createAdmin();
      const order = await orderPlan(member);
      expect((await errorOf(queryAs(adminUser, REJECT, [order.id, '   '])))?.message).toBe('payments.reason_required');
      const [first] = await queryAs<Order & { changed: boolean }>(adminUser, REJECT, [order.id, ' Brak przelewu ']);
      expect(first).toMatchObject({ changed: true, status: 'rejected', rejection_reason: 'Brak przelewu' });
      const [second] = await queryAs<Order & { changed: boolean }>(adminUser, REJECT, [order.id, 'Inny powód']);
      expect(second).toMatchObject({ changed: false, rejection_reason: 'Brak przelewu' });
      expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność odrzucona')).toHaveLength(1);
      const { rows } = await admin().query<{ template: string; variables: Record<string, string> }>(
        `select template, variables from private.email_outbox where user_id = $1`,
        [member.id],
      );
      expect(rows).toEqual([
        { template: 'payment-rejected', variables: expect.objectContaining({ reason: 'Brak przelewu' }) },
      ]);
      const [mine] = await queryAs<{ status: string; rejection_reason: string }>(
        member,
        `select status, rejection_reason from public.get_my_payment_orders()`,
      );
      expect(mine).toEqual({ status: 'rejected', rejection_reason: 'Brak przelewu' });
    });
  });

  describe('admin_list_payment_orders', () => {
    it('filters by status and method, finds by reference, name, e-mail or phone; admins only', async () => {
      const adminUser = await createAdmin();
      const member = await createMember({ fullName: 'Zofia Płatnicza', phone: '+48511222333' });
      const otherMember = await createMember();
      const transfer = await orderPlan(member, 'START', 'transfer');
      const usdt = await orderPlan(member, 'START', 'usdt');
      await confirm(adminUser, usdt.id);
      const list = (args: unknown[]) =>
        queryAs<{ id: string; member_full_name: string; total_count: string }>(
          adminUser,
          `select * from public.admin_list_payment_orders($1, $2, $3, $4, $5)`,
          args,
        );
      expect((await list([null, null, transfer.reference.toLowerCase(), 20, 0])).map((r) => r.id)).toEqual([
        transfer.id,
      ]);
      expect((await list([null, null, 'Płatnicza', 20, 0])).map((r) => r.id)).toEqual([usdt.id, transfer.id]);
      expect((await list([null, null, member.email, 20, 0])).map((r) => r.id)).toEqual([usdt.id, transfer.id]);
      expect((await list([null, null, '511222333', 20, 0])).map((r) => r.id)).toEqual([usdt.id, transfer.id]);
      expect((await list(['paid', null, 'Płatnicza', 20, 0])).map((r) => r.id)).toEqual([usdt.id]);
      expect((await list([null, 'transfer', 'Płatnicza', 20, 0])).map((r) => r.id)).toEqual([transfer.id]);
      const page = await list([null, null, 'Płatnicza', 1, 1]);
      expect(page.map((r) => r.id)).toEqual([transfer.id]);
      expect(Number(page[0]!.total_count)).toBe(2);
      expect(await sqlState(list([null, null, '%', 0, 0]))).toBe('22023');
      expect(await sqlState(queryAs(otherMember, `select * from public.admin_list_payment_orders()`))).toBe('42501');
      expect(await sqlState(queryAs('anon', `select * from public.admin_list_payment_orders()`))).toBe('42501');
    });
  });

  describe('admin_list_payment_orders: a whole e-mail address', () => {
    it('finds that member only (any case), while a part of an address still finds every member containing it', async () => {
      const adminUser = await createAdmin();
      const tag = Date.now().toString(36);
      const member = await createMember({ email: `jan.${tag}@klub.test` });
      // An address that contains the member's whole address.
      const otherMember = await createMember({ email: `xjan.${tag}@klub.test` });
      const own = await orderPlan(member, 'START', 'transfer');
      const others = await orderPlan(otherMember, 'START', 'transfer');
      const ids = async (search: string) =>
        (
          await queryAs<{ id: string }>(
            adminUser,
            `select id from public.admin_list_payment_orders(null, null, $1, 20, 0)`,
            [search],
          )
        ).map((row) => row.id);
      expect(await ids(`jan.${tag}@klub.test`)).toEqual([own.id]);
      expect(await ids(`  JAN.${tag}@Klub.Test `)).toEqual([own.id]);
      expect(await ids(`xjan.${tag}@klub.test`)).toEqual([others.id]);
      expect(await ids(`jan.${tag}@klub`)).toEqual([others.id, own.id]);
      expect(await ids(`@klub.test`)).toEqual(expect.arrayContaining([others.id, own.id]));
      expect(await ids(`nobody.${tag}@klub.test`)).toEqual([]);
    });
  });

  describe('membership terms', () => {
    it('renewal reminders from 30 days before the end and the expiry notice, each sent once', async () => {
      const member = await createMember();
      const until = await dayOffset(30);
      await setTerm(member.id, 'PREMIUM', until);
      const run = async (day: string) => {
        await admin().query(`select private.run_membership_reminders($1::date)`, [day]);
        return (await notificationsOf(member.id)).map((n) => n.title);
      };
      expect(await run(await dayOffset(-1))).toEqual([]);
      expect(await run(await dayOffset(0))).toEqual(['Twoje członkostwo wkrótce wygaśnie']);
      expect(await run(await dayOffset(1))).toEqual(['Twoje członkostwo wkrótce wygaśnie']);
      // The last day: the 1-day reminder (the 7-day one was skipped by these runs; tests/db/operations.test.ts
      // follows every step).
      expect(await run(until)).toHaveLength(2);
      const after = await run(await dayOffset(31));
      expect(after.sort()).toEqual([
        'Twoje członkostwo wkrótce wygaśnie',
        'Twoje członkostwo wkrótce wygaśnie',
        'Twoje członkostwo wygasło',
      ]);
      expect(await run(await dayOffset(40))).toHaveLength(3);
      expect(await sqlState(queryAs(member, `select private.run_membership_reminders()`))).toBe('42501');
    });

    it('the effective level is the stored one through the end day and FREE the day after', async () => {
      const member = await createMember();
      const until = await dayOffset(0);
      await setTerm(member.id, 'VIP', until);
      const level = async (day: string) => {
        const { rows } = await admin().query<{ l: string }>(
          `select private.effective_level(membership_level, membership_valid_until, $2::date) as l
           from public.profiles where user_id = $1`,
          [member.id, day],
        );
        return rows[0]!.l;
      };
      expect(await level(until)).toBe('VIP');
      expect(await level(await dayOffset(1))).toBe('FREE');

      // The computed field the header badge reads (PostgREST: select=effective_membership_level).
      const read = () =>
        queryAs<{ level: string }>(
          member,
          `select public.effective_membership_level(p) as level from public.profiles p where p.user_id = $1`,
          [member.id],
        );
      expect(await read()).toEqual([{ level: 'VIP' }]);
      await setTerm(member.id, 'VIP', await dayOffset(-1));
      expect(await read()).toEqual([{ level: 'FREE' }]);
    });

    it('the admin user list shows and filters by the effective level at the boundary day', async () => {
      const adminUser = await createAdmin();
      const endsToday = await createMember();
      const endedYesterday = await createMember();
      const noEnd = await createMember();
      await setTerm(endsToday.id, 'START', await dayOffset(0));
      await setTerm(endedYesterday.id, 'START', await dayOffset(-1));
      await setTerm(noEnd.id, 'START', null);
      type Row = {
        user_id: string;
        membership_level: string;
        membership_valid_until: string | null;
        effective_level: string;
      };
      const list = async (member: TestUser, level: string | null) =>
        queryAs<Row>(
          adminUser,
          `select user_id, membership_level, membership_valid_until::text, effective_level
           from public.admin_list_users(p_search => $1, p_membership_level => $2::public.membership_level)`,
          [member.email, level],
        );
      expect(await list(endsToday, null)).toEqual([
        {
          user_id: endsToday.id,
          membership_level: 'START',
          membership_valid_until: await dayOffset(0),
          effective_level: 'START',
        },
      ]);
      // A level that ran out is FREE in the cache too, with its end date (the lapsed notice).
      expect(await list(endedYesterday, null)).toEqual([
        {
          user_id: endedYesterday.id,
          membership_level: 'FREE',
          membership_valid_until: await dayOffset(-1),
          effective_level: 'FREE',
        },
      ]);
      expect(await list(noEnd, null)).toMatchObject([{ effective_level: 'START', membership_valid_until: null }]);
      // The filter is the effective level, with and without a search (the second path counts first).
      expect(await list(endsToday, 'START')).toHaveLength(1);
      expect(await list(endsToday, 'FREE')).toHaveLength(0);
      expect(await list(endedYesterday, 'START')).toHaveLength(0);
      expect(await list(endedYesterday, 'FREE')).toHaveLength(1);
      expect(await list(noEnd, 'START')).toHaveLength(1);
      const { rows } = await admin().query<{ n: string }>(
        `select count(*) as n from public.profiles where private.membership_level_on(user_id) = 'FREE'`,
      );
      const [page] = await queryAs<{ total_count: string }>(
        adminUser,
        `select total_count from public.admin_list_users(p_membership_level => 'FREE', p_limit => 1)`,
      );
      expect(Number(page!.total_count)).toBe(Math.min(Number(rows[0]!.n), 1001));
      expect(await sqlState(queryAs(endsToday, `select * from public.admin_list_users()`))).toBe('42501');
    });

    it('admin user edit sets and clears the end date, audited; members cannot', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await setMembershipLevel(member.id, 'START');
      await queryAs(adminUser, `select public.admin_update_user($1, p_membership_valid_until => '2030-05-01')`, [
        member.id,
      ]);
      expect(await validUntil(member.id)).toBe('2030-05-01');
      await queryAs(adminUser, `select public.admin_update_user($1, p_clear_valid_until => true)`, [member.id]);
      expect(await validUntil(member.id)).toBeNull();
      const { rows } = await admin().query<{ before: unknown; after: unknown }>(
        `select before, after from public.admin_audit_log where target_user_id = $1 and action = 'profiles.update' order by id`,
        [member.id],
      );
      expect(rows).toEqual([
        { before: { membership_valid_until: null }, after: { membership_valid_until: '2030-05-01' } },
        { before: { membership_valid_until: '2030-05-01' }, after: { membership_valid_until: null } },
      ]);
      expect(
        await sqlState(
          queryAs(member, `select public.admin_update_user($1, p_clear_valid_until => true)`, [member.id]),
        ),
      ).toBe('42501');
    });
  });

  describe('catalogue admin RPCs', () => {
    const PLAN = `select * from public.admin_update_membership_plan($1, $2, $3, $4, $5, $6, $7, $8)`;
    const TIER = `select * from public.admin_update_ccc_tier($1, $2, $3, $4, $5, $6)`;
    const SETTINGS = `select * from public.admin_update_ccc_settings($1, $2)`;

    it('edits a plan with validated prices and shares; new orders use the new price', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const before = await admin().query(`select * from public.membership_plans where tier = 'VIP'`);
      const row = before.rows[0] as Record<string, unknown>;
      const args = (price: string) => [
        'VIP',
        price,
        row.price_usdt,
        row.price_acc,
        row.profit_share,
        row.idea_ownership,
        row.description,
        row.benefits,
      ];
      for (const bad of ['0', '-1', '1.001', 'NaN', 'Infinity']) {
        expect((await errorOf(queryAs(adminUser, PLAN, args(bad))))?.message).toBe('catalogue.invalid_price');
      }
      const badShare = ['VIP', '1', '1', '1', '1.5', '0.1', '', []];
      expect((await errorOf(queryAs(adminUser, PLAN, badShare)))?.message).toBe('catalogue.invalid_share');
      expect(await sqlState(queryAs(member, PLAN, args('100.00')))).toBe('42501');
      expect(await sqlState(queryAs('anon', PLAN, args('100.00')))).toBe('42501');
      try {
        await queryAs(adminUser, PLAN, args('50000.50'));
        expect((await orderPlan(member, 'VIP', 'transfer')).amount).toBe('50000.50');
        const { rows } = await admin().query(
          `select action from public.admin_audit_log where action = 'membership_plans.update'`,
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin().query(`update public.membership_plans set yearly_price_pln = $1 where tier = 'VIP'`, [
          row.yearly_price_pln,
        ]);
      }
    });

    it('edits a CCC tier, never below the slots in use', async () => {
      const adminUser = await createAdmin();
      const holder = await createMember();
      const { rows } = await admin().query(`select * from public.ccc_tiers where tier = 'DIAMOND'`);
      const tier = rows[0] as Record<string, unknown>;
      const used = (tier.total_slots as number) - (await freeSlots('DIAMOND'));
      await occupySlots('DIAMOND', 2, holder.id);
      const args = (slots: number, price = String(tier.price_usd)) => [
        'DIAMOND',
        tier.ccc_amount,
        price,
        tier.profit_share,
        tier.duration_months,
        slots,
      ];
      expect((await errorOf(queryAs(adminUser, TIER, args(used + 1))))?.message).toBe('catalogue.slots_below_used');
      expect((await errorOf(queryAs(adminUser, TIER, args(100, 'Infinity'))))?.message).toBe('catalogue.invalid_price');
      const [updated] = await queryAs<{ total_slots: number }>(adminUser, TIER, args(used + 2));
      expect(updated!.total_slots).toBe(used + 2);
      expect(await freeSlots('DIAMOND')).toBe(0);
      const audit = await admin().query(
        `select before, after from public.admin_audit_log
        where action = 'ccc_tiers.update' and actor_id = $1 order by id desc limit 1`,
        [adminUser.id],
      );
      expect(audit.rows[0]).toMatchObject({
        before: { total_slots: tier.total_slots },
        after: { total_slots: used + 2 },
      });
      expect(await sqlState(queryAs(holder, TIER, args(100)))).toBe('42501');
      await admin().query(`update public.ccc_tiers set total_slots = $1 where tier = 'DIAMOND'`, [tier.total_slots]);
    });

    it('takes prices up to 9 999 999 999.99 (numeric(12, 2)) and refuses more with catalogue.price_too_high', async () => {
      const adminUser = await createAdmin();
      const plans = await admin().query(`select * from public.membership_plans where tier = 'PREMIUM'`);
      const plan = plans.rows[0] as Record<string, unknown>;
      const planArgs = (pln: unknown, usdt: unknown = plan.price_usdt) => [
        'PREMIUM',
        pln,
        usdt,
        plan.price_acc,
        plan.profit_share,
        plan.idea_ownership,
        plan.description,
        plan.benefits,
      ];
      const tiers = await admin().query(`select * from public.ccc_tiers where tier = 'GOLD'`);
      const tier = tiers.rows[0] as Record<string, unknown>;
      const tierArgs = (price: unknown) => [
        'GOLD',
        tier.ccc_amount,
        price,
        tier.profit_share,
        tier.duration_months,
        tier.total_slots,
      ];
      // 10^10 up to just below 10^16 passed the wallet's limit and then overflowed the column (22003).
      for (const tooHigh of ['10000000000', '10000000000.00', '9999999999999999.99']) {
        expect((await errorOf(queryAs(adminUser, PLAN, planArgs(tooHigh))))?.message).toBe('catalogue.price_too_high');
        expect((await errorOf(queryAs(adminUser, PLAN, planArgs('100', tooHigh))))?.message).toBe(
          'catalogue.price_too_high',
        );
        expect((await errorOf(queryAs(adminUser, TIER, tierArgs(tooHigh))))?.message).toBe('catalogue.price_too_high');
      }
      // A price that is not valid at all says so first, however large.
      expect((await errorOf(queryAs(adminUser, PLAN, planArgs('10000000000.001'))))?.message).toBe(
        'catalogue.invalid_price',
      );
      expect((await errorOf(queryAs(adminUser, TIER, tierArgs(null))))?.message).toBe('catalogue.invalid_price');
      try {
        const [savedPlan] = await queryAs<{ yearly_price_pln: string }>(adminUser, PLAN, planArgs('9999999999.99'));
        expect(savedPlan!.yearly_price_pln).toBe('9999999999.99');
        const [savedTier] = await queryAs<{ price_usd: string; price_acc_usd: string }>(
          adminUser,
          TIER,
          tierArgs('9999999999.99'),
        );
        expect(savedTier).toMatchObject({ price_usd: '9999999999.99', price_acc_usd: '8999999999.99' });
      } finally {
        await admin().query(`update public.membership_plans set yearly_price_pln = $1 where tier = 'PREMIUM'`, [
          plan.yearly_price_pln,
        ]);
        await admin().query(`update public.ccc_tiers set price_usd = $1 where tier = 'GOLD'`, [tier.price_usd]);
      }
    });

    it('sets the contract address (0x + 40 hex) and the supply', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const address = `0x${'ab'.repeat(20)}`;
      expect((await errorOf(queryAs(adminUser, SETTINGS, ['0x123', '1000'])))?.message).toBe(
        'catalogue.invalid_contract',
      );
      expect((await errorOf(queryAs(adminUser, SETTINGS, [address, '10.5'])))?.message).toBe(
        'catalogue.invalid_supply',
      );
      expect((await errorOf(queryAs(adminUser, SETTINGS, [address, '0'])))?.message).toBe('catalogue.invalid_supply');
      const [saved] = await queryAs<{ contract_address: string; total_supply: string }>(adminUser, SETTINGS, [
        address,
        '2000000',
      ]);
      expect(saved).toMatchObject({ contract_address: address, total_supply: '2000000' });
      const [seen] = await queryAs<{ contract_address: string }>(
        member,
        `select contract_address from public.ccc_settings`,
      );
      expect(seen!.contract_address).toBe(address);
      const audit = await admin().query(
        `select after from public.admin_audit_log where action = 'ccc_settings.update' and actor_id = $1`,
        [adminUser.id],
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0].after).toMatchObject({ contract_address: address });
      expect(await sqlState(queryAs(member, SETTINGS, [address, '1']))).toBe('42501');
    });
  });
});

// Money in (issue 34): the one confirmation path (underpaid, overpaid, late money, who decided),
// orders with a fixed price, expiry, reservations and limits, refunds that undo what an order granted,
// and the races between them; the money invariant runs after every test (tests/setup/per-file.ts).
describe('money in', () => {
  type Level = 'FREE' | 'START' | 'PREMIUM' | 'VIP';

  interface Order {
    id: string;
    reference: string;
    user_id: string | null;
    kind: 'plan' | 'ccc';
    plan_tier: Level | null;
    ccc_tier: string | null;
    quantity: number;
    method: string;
    amount: string;
    currency: string;
    status: string;
    amount_received: string | null;
    shortfall: string | null;
    surplus: string | null;
    decided_via: string | null;
    tx_hash: string | null;
    network: string | null;
    replaces_order_id: string | null;
    cancel_reason: string | null;
    consent_text: string | null;
    consent_at: Date | null;
    buyer_name: string | null;
    buyer_email: string | null;
    expires_at: Date;
    refund_reason: string | null;
    refund_method: string | null;
    refund_reference: string | null;
    membership_valid_until: string | null;
  }

  interface Period {
    level: Level;
    first_day: string;
    last_day: string;
    source: string;
    order_id: string | null;
    extra_days: number;
    shortened_reason: string | null;
  }

  const CREATE_PLAN = `select * from public.create_payment_order(p_method => $1, p_plan_tier => $2, p_consent_text => 'Zgoda (test)')`;

  const CREATE_CCC = `select * from public.create_payment_order(p_method => $1, p_ccc_tier => $2, p_quantity => $3, p_consent_text => 'Zgoda (test)')`;

  const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;

  const REFUND = `select changed, (payment_order).* from public.admin_refund_payment($1, $2, $3, $4)`;

  const today = async (offset = 0): Promise<string> => {
    const { rows } = await admin().query<{ d: string }>(`select (private.warsaw_today() + $1::int)::text as d`, [
      offset,
    ]);
    return rows[0]!.d;
  };

  const yearEnd = async (first: string, extra = 0): Promise<string> => {
    const { rows } = await admin().query<{ d: string }>(
      `select (private.plan_year_end($1::date) + $2::int)::text as d`,
      [first, extra],
    );
    return rows[0]!.d;
  };

  async function price(tier: Level): Promise<number> {
    const { rows } = await admin().query<{ p: string }>(
      'select yearly_price_pln::text as p from public.membership_plans where tier = $1',
      [tier],
    );
    return Number(rows[0]!.p);
  }

  /** Free slots of a tier as members see them (active packages and reservations counted). */

  async function available(tier: string): Promise<number> {
    const { rows } = await admin().query<{ n: number }>('select private.ccc_free_slots($1) as n', [tier]);
    return rows[0]!.n;
  }

  async function orderPlan(member: TestUser, tier: Level = 'START', method = 'transfer'): Promise<Order> {
    const [row] = await queryAs<Order>(member, CREATE_PLAN, [method, tier]);
    return row!;
  }

  async function orderCcc(member: TestUser, tier: string, quantity = 1, method = 'usdt'): Promise<Order> {
    const [row] = await queryAs<Order>(member, CREATE_CCC, [method, tier, quantity]);
    return row!;
  }

  async function confirm(
    orderId: string,
    received: string | null = null,
    hash: string | null = null,
    network: string | null = null,
  ) {
    const [row] = await queryAs<Order & { changed: boolean }>(adminUser, CONFIRM, [orderId, received, hash, network]);
    return row!;
  }

  async function refund(orderId: string, reason = 'Rezygnacja w terminie', method = 'transfer', reference = 'ZWROT-1') {
    const [row] = await queryAs<Order & { changed: boolean }>(adminUser, REFUND, [orderId, reason, method, reference]);
    return row!;
  }

  async function orderById(id: string): Promise<Order> {
    const { rows } = await admin().query<Order>(
      `select *, membership_valid_until::text as membership_valid_until from public.payment_orders where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  /** The member's periods that ran or will run (not those cut before they started), in order. */

  async function periodsOf(userId: string): Promise<Period[]> {
    const { rows } = await admin().query<Period>(
      `select level, first_day::text, last_day::text, source, order_id, extra_days, shortened_reason
         from public.membership_periods
        where user_id = $1 and last_day >= first_day
        order by first_day`,
      [userId],
    );
    return rows;
  }

  async function levelOn(userId: string, day: string): Promise<Level> {
    const { rows } = await admin().query<{ l: Level }>(`select private.membership_level_on($1, $2::date) as l`, [
      userId,
      day,
    ]);
    return rows[0]!.l;
  }

  async function cacheOf(userId: string) {
    const { rows } = await admin().query<{ membership_level: Level; membership_valid_until: string | null }>(
      `select membership_level, membership_valid_until::text from public.profiles where user_id = $1`,
      [userId],
    );
    return rows[0]!;
  }

  /** A paid term as an admin edit would leave it (level until a day; null: no end date). */

  let adminUser: TestUser;
  let startedAt: string;
  let settingsBefore: { order_expiry_days: number; daily_order_limit: number };

  beforeAll(async () => {
    adminUser = await createAdmin();
    startedAt = (await admin().query<{ now: string }>('select now()::text as now')).rows[0]!.now;
    settingsBefore = (
      await admin().query<{ order_expiry_days: number; daily_order_limit: number }>(
        'select order_expiry_days, daily_order_limit from public.payment_settings',
      )
    ).rows[0]!;
  });

  afterAll(async () => {
    // Other files count CCC slots afterwards: the packages of this file end now (those of paid orders
    // stay, as the money invariant wants), and its pending orders reserve nothing any more.
    await admin().query(`delete from public.ccc_assignments where created_at >= $1 and order_id is null`, [startedAt]);
    await admin().query(
      `update public.ccc_assignments set end_date = greatest(now() - interval '1 second', start_date + interval '1 microsecond')
        where created_at >= $1 and order_id is not null and end_date >= now()`,
      [startedAt],
    );
    await admin().query(
      `update public.payment_orders set expires_at = now() where created_at >= $1 and status = 'pending'`,
      [startedAt],
    );
    await admin().query('update public.payment_settings set order_expiry_days = $1, daily_order_limit = $2', [
      settingsBefore.order_expiry_days,
      settingsBefore.daily_order_limit,
    ]);
  });

  describe('the one confirmation path', () => {
    it('less than the price: Niedopłata with the shortfall, nothing granted; a second payment completes it', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START');
      const part = await confirm(order.id, '1000.00');
      expect(part).toMatchObject({
        status: 'underpaid',
        amount_received: '1000.00',
        shortfall: '3997.00',
        decided_via: 'admin',
      });
      expect(await periodsOf(member.id)).toEqual([]);
      expect((await profileOf(member.id))!.membership_level).toBe('FREE');
      expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Niedopłata');
      // The admin's default is what is still due.
      const rest = await confirm(order.id);
      expect(rest).toMatchObject({ status: 'paid', amount_received: '4997.00', shortfall: null, surplus: null });
      expect((await profileOf(member.id))!.membership_level).toBe('START');
    });

    it('each payment is a receipt: a second USDT transaction keeps the first, and one told twice counts once', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START', 'usdt');
      const first = txHash();
      const second = txHash();
      expect(await confirm(order.id, '1000.00', first, 'ERC20')).toMatchObject({
        status: 'underpaid',
        shortfall: '220.00',
      });
      // The chain verifier told twice about the first transaction: nothing counted twice.
      expect(await confirm(order.id, '1000.00', first, 'ERC20')).toMatchObject({
        changed: false,
        amount_received: '1000.00',
      });
      expect(await confirm(order.id, '220.00', second, 'BSC')).toMatchObject({
        status: 'paid',
        amount_received: '1220.00',
        tx_hash: first,
        network: 'ERC20',
      });
      const { rows: receipts } = await admin().query<{
        amount: string;
        network: string;
        tx_hash: string;
        decided_via: string;
      }>(
        'select amount::text, network, tx_hash, decided_via from public.payment_receipts where order_id = $1 order by id',
        [order.id],
      );
      expect(receipts).toEqual([
        { amount: '1000.00', network: 'ERC20', tx_hash: first, decided_via: 'admin' },
        { amount: '220.00', network: 'BSC', tx_hash: second, decided_via: 'admin' },
      ]);
      // Neither transaction can pay another order, the second one (not on the order's row) either.
      const other = await orderPlan(member, 'PREMIUM', 'usdt');
      for (const [hash, network] of [
        [first, 'ERC20'],
        [second, 'BSC'],
      ] as const) {
        expect((await errorOf(queryAs(adminUser, CONFIRM, [other.id, null, hash, network])))?.message).toBe(
          'payments.tx_hash_used',
        );
      }
      // Members read their own order's receipts, nobody else's; admins all.
      const otherMember = await createMember();
      expect(
        await queryAs(member, 'select amount from public.payment_receipts where order_id = $1', [order.id]),
      ).toHaveLength(2);
      expect(
        await queryAs(otherMember, 'select amount from public.payment_receipts where order_id = $1', [order.id]),
      ).toEqual([]);
      expect(await sqlState(queryAs('anon', 'select * from public.payment_receipts'))).toBe('42501');
      expect(
        await sqlState(
          queryAs(
            adminUser,
            `insert into public.payment_receipts (order_id, amount, currency, decided_via) values ($1, 1, 'USDT', 'admin')`,
            [order.id],
          ),
        ),
      ).toBe('42501');
    });

    it('another transaction for a paid order is kept as surplus, never dropped; the same one again changes nothing', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START', 'usdt');
      const hash = txHash();
      await confirm(order.id, null, hash, 'ERC20');
      const again = txHash();
      expect(await confirm(order.id, '1220.00', again, 'ERC20')).toMatchObject({
        changed: true,
        status: 'paid',
        amount_received: '2440.00',
        surplus: '1220.00',
      });
      expect(await confirm(order.id, '1220.00', again, 'ERC20')).toMatchObject({
        changed: false,
        amount_received: '2440.00',
      });
      // Without a transaction (an admin, the gateway) a paid order is paid: told again, nothing changes.
      expect(await confirm(order.id)).toMatchObject({ changed: false, amount_received: '2440.00' });
      const notice = (await notificationsOf(member.id)).find((n) => n.title === 'Nadpłata');
      expect(notice?.content).toContain('Nadpłata: 1220.00 USDT');
      // One period, not two.
      expect((await periodsOf(member.id)).map((p) => p.level)).toEqual(['START']);
    });

    it('more than the price: paid, with the surplus recorded and told', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START');
      expect(await confirm(order.id, '5000.00')).toMatchObject({ status: 'paid', surplus: '3.00' });
      const notice = (await notificationsOf(member.id)).find((n) => n.title === 'Płatność potwierdzona');
      expect(notice?.content).toContain('Nadpłata: 3.00 PLN.');
    });

    it('records who decided: the gateway and the chain verifier go through the same function; members cannot call it', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START', 'usdt');
      const hash = txHash();
      await admin().query(`select private.confirm_payment($1, 1220, 'chain', null, $2, 'BSC')`, [order.id, hash]);
      expect(await orderById(order.id)).toMatchObject({
        status: 'paid',
        decided_via: 'chain',
        network: 'BSC',
        tx_hash: hash,
      });
      const other = await orderPlan(member, 'START', 'transfer');
      expect(
        await sqlState(queryAs(member, `select * from private.confirm_payment($1, 4997, 'gateway', null)`, [other.id])),
      ).toBe('42501');
      expect(await sqlState(queryAs(member, CONFIRM, [other.id, null, null, null]))).toBe('42501');
      expect(await sqlState(queryAs('anon', CONFIRM, [other.id, null, null, null]))).toBe('42501');
      const noMfa = withClaims(adminUser, { aal: 'aal1' });
      expect(await sqlState(queryAs(noMfa, CONFIRM, [other.id, null, null, null]))).toBe('42501');
    });

    it('one USDT transaction confirms one order only', async () => {
      const member = await createMember();
      const first = await orderPlan(member, 'START', 'usdt');
      const second = await orderPlan(member, 'PREMIUM', 'usdt');
      const hash = txHash();
      await confirm(first.id, null, hash, 'ERC20');
      expect(
        (await errorOf(queryAs(adminUser, CONFIRM, [second.id, null, hash.toUpperCase().replace('0X', '0x'), 'ERC20'])))
          ?.message,
      ).toBe('payments.tx_hash_used');
      expect((await orderById(second.id)).status).toBe('pending');
      // The same hash on another network is another transaction.
      expect(await confirm(second.id, null, hash, 'BSC')).toMatchObject({ status: 'paid' });
    });

    it('money for an expired order: confirmed at its fixed price if still available, else Do zwrotu', async () => {
      const member = await createMember();
      const plan = await orderPlan(member, 'START');
      await admin().query(`update public.payment_orders set expires_at = now() - interval '1 minute' where id = $1`, [
        plan.id,
      ]);
      await admin().query('select private.expire_payment_orders()');
      expect((await orderById(plan.id)).status).toBe('expired');
      expect(await confirm(plan.id)).toMatchObject({ status: 'paid', amount: plan.amount });

      // A CCC order whose reservation lapsed and whose slot went to somebody else.
      const holder = await createMember();
      const ccc = await orderCcc(member, 'PLATINUM', 1);
      await admin().query(`update public.payment_orders set expires_at = now() - interval '1 minute' where id = $1`, [
        ccc.id,
      ]);
      await admin().query('select private.expire_payment_orders()');
      await occupySlots('PLATINUM', await available('PLATINUM'), holder.id);
      const late = await confirm(ccc.id);
      expect(late).toMatchObject({ status: 'to_refund', amount_received: ccc.amount });
      expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność do zwrotu');
      // Visible to the admin until refunded.
      const [listed] = await queryAs<{ status: string }>(
        adminUser,
        `select status from public.admin_list_payment_orders('to_refund', null, $1, 20, 0)`,
        [ccc.reference],
      );
      expect(listed!.status).toBe('to_refund');
      expect(await refund(ccc.id, 'Brak wolnego pakietu', 'usdt', txHash())).toMatchObject({ status: 'refunded' });
    });
  });

  describe('orders', () => {
    it('fix their price: pressing pay again after a price change cancels the old order and makes a new reference', async () => {
      const member = await createMember();
      const first = await orderPlan(member, 'PREMIUM');
      const oldPrice = await price('PREMIUM');
      try {
        await admin().query(
          'update public.membership_plans set yearly_price_pln = yearly_price_pln + 100 where tier = $1',
          ['PREMIUM'],
        );
        const second = await orderPlan(member, 'PREMIUM');
        expect(second.reference).not.toBe(first.reference);
        expect(second.replaces_order_id).toBe(first.id);
        expect(Number(second.amount)).toBe(oldPrice + 100);
        expect(await orderById(first.id)).toMatchObject({
          status: 'cancelled',
          cancel_reason: 'price_changed',
          amount: first.amount,
        });
        // Pressing pay once more at the same price returns the same order.
        expect((await orderPlan(member, 'PREMIUM')).id).toBe(second.id);
      } finally {
        await admin().query('update public.membership_plans set yearly_price_pln = $2 where tier = $1', [
          'PREMIUM',
          oldPrice,
        ]);
      }
    });

    it('store the consent text and its time', async () => {
      const member = await createMember();
      const consent = 'Chcę, aby usługa zaczęła się od razu; wiem, że tracę prawo odstąpienia od umowy.';
      const [order] = await queryAs<Order>(
        member,
        `select * from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START', p_consent_text => $1)`,
        [consent],
      );
      expect(order!.consent_text).toBe(consent);
      expect(order!.consent_at).toBeInstanceOf(Date);
    });

    it('expire after the days set by an admin (audited): Wygasłe, the member told, the CCC reservation released', async () => {
      const member = await createMember();
      expect(await sqlState(queryAs(member, `select public.admin_update_payment_settings(3)`))).toBe('42501');
      expect(await sqlState(queryAs(member, `update public.payment_settings set order_expiry_days = 60`))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs(adminUser, `update public.payment_settings set order_expiry_days = 60`))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs('anon', `select * from public.payment_settings`))).toBe('42501');
      expect((await errorOf(queryAs(adminUser, `select public.admin_update_payment_settings(0)`)))?.message).toBe(
        'payments.invalid_expiry_days',
      );
      await queryAs(adminUser, `select public.admin_update_payment_settings(3)`);
      const { rows: audit } = await admin().query<{ after: Record<string, unknown> }>(
        `select after from public.admin_audit_log where action = 'payment_settings.update' and actor_id = $1 order by id desc limit 1`,
        [adminUser.id],
      );
      expect(audit[0]!.after).toEqual({ order_expiry_days: 3 });
      const before = await available('BRONZE');
      const order = await orderCcc(member, 'BRONZE', 2);
      const [days] = (
        await admin().query<{ d: number }>(
          `select round(extract(epoch from expires_at - created_at) / 86400)::int as d from public.payment_orders where id = $1`,
          [order.id],
        )
      ).rows;
      expect(days!.d).toBe(3);
      const [shown] = await queryAs<{ available_slots: number }>(
        member,
        `select available_slots from public.get_ccc_availability() where tier = 'BRONZE'`,
      );
      expect(shown!.available_slots).toBe(before - 2);

      await admin().query(`update public.payment_orders set expires_at = now() - interval '1 second' where id = $1`, [
        order.id,
      ]);
      await admin().query('select private.run_payment_jobs()');
      expect((await orderById(order.id)).status).toBe('expired');
      expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność wygasła');
      const [after] = await queryAs<{ available_slots: number }>(
        member,
        `select available_slots from public.get_ccc_availability() where tier = 'BRONZE'`,
      );
      expect(after!.available_slots).toBe(before);
    });

    it('are limited per member per day, also when created and cancelled in turn', async () => {
      const member = await createMember();
      await admin().query('update public.payment_settings set daily_order_limit = 4');
      try {
        for (let i = 0; i < 4; i += 1) {
          const order = await orderPlan(member, 'START');
          await queryAs(member, `select * from public.cancel_payment_order($1)`, [order.id]);
        }
        expect((await errorOf(orderPlan(member, 'START')))?.message).toBe('payments.daily_limit');
      } finally {
        await admin().query('update public.payment_settings set daily_order_limit = $1', [
          settingsBefore.daily_order_limit,
        ]);
      }
    });

    it('are kept when the member is deleted, without the member (a paid one keeps its buyer data); a pending one is cancelled', async () => {
      const member = await createMember({ fullName: 'Adam Kasowany' });
      const paid = await orderPlan(member, 'START');
      await confirm(paid.id);
      const pending = await orderPlan(member, 'VIP');
      expect(await orderById(paid.id)).toMatchObject({ buyer_name: 'Adam Kasowany', buyer_email: member.email });
      await queryAs(adminUser, `select public.admin_delete_user($1, 'Test')`, [member.id]);
      // The accounting evidence keeps the buyer as at payment time (privacy: until retain_until).
      expect(await orderById(paid.id)).toMatchObject({
        user_id: null,
        status: 'paid',
        buyer_name: 'Adam Kasowany',
        buyer_email: member.email,
        reference: paid.reference,
        amount: paid.amount,
      });
      expect(await orderById(pending.id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'member_deleted',
        buyer_name: 'Usunięty członek',
        buyer_email: null,
      });
      // Money that still arrives for it is kept as 'Do zwrotu', and can be refunded.
      expect(await confirm(pending.id)).toMatchObject({ status: 'to_refund', amount_received: pending.amount });
      expect(await refund(pending.id)).toMatchObject({ status: 'refunded', user_id: null });
    });
  });

  describe('refunds', () => {
    it('a refunded upgrade returns the member to the previous level; the commission is cancelled and kept', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const member = await signUpWithReferral(code.code);
      const premium = await orderPlan(member, 'PREMIUM');
      await confirm(premium.id);
      const premiumEnd = await yearEnd(await today(0));
      const vip = await orderPlan(member, 'VIP');
      await confirm(vip.id);
      expect((await profileOf(member.id))!.membership_level).toBe('VIP');

      expect((await errorOf(queryAs(adminUser, REFUND, [vip.id, '  ', 'transfer', 'X'])))?.message).toBe(
        'payments.reason_required',
      );
      expect((await errorOf(queryAs(adminUser, REFUND, [vip.id, 'Powód', 'transfer', ' '])))?.message).toBe(
        'payments.refund_reference_required',
      );
      for (const actor of [member, referrer, 'anon' as const, withClaims(adminUser, { aal: 'aal1' })]) {
        expect(await sqlState(queryAs(actor, REFUND, [vip.id, 'Powód', 'transfer', 'X']))).toBe('42501');
      }
      const done = await refund(vip.id, 'Rezygnacja w terminie', 'transfer', 'ZWROT KLB');
      expect(done).toMatchObject({
        changed: true,
        status: 'refunded',
        refund_reason: 'Rezygnacja w terminie',
        refund_method: 'transfer',
        refund_reference: 'ZWROT KLB',
      });
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'PREMIUM', membership_valid_until: premiumEnd });
      expect(await levelOn(member.id, await today(0))).toBe('PREMIUM');

      // The referrer's commission came from the first paid plan order (PREMIUM), which stays paid.
      const { rows: commissions } = await admin().query<{ order_id: string; cancelled_at: Date | null }>(
        `select order_id, cancelled_at from public.referral_commissions where referred_id = $1`,
        [member.id],
      );
      expect(commissions).toEqual([{ order_id: premium.id, cancelled_at: null }]);
      await refund(premium.id);
      const { rows: cancelled } = await admin().query<{ cancelled_at: Date | null }>(
        `select cancelled_at from public.referral_commissions where referred_id = $1`,
        [member.id],
      );
      expect(cancelled[0]!.cancelled_at).toBeInstanceOf(Date);
      expect((await profileOf(member.id))!.membership_level).toBe('FREE');

      expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność zwrócona')).toHaveLength(2);
      const { rows: mails } = await admin().query<{ variables: Record<string, string> }>(
        `select variables from private.email_outbox where user_id = $1 and template = 'payment-refunded' order by id`,
        [member.id],
      );
      expect(mails[0]!.variables).toMatchObject({
        reference: vip.reference,
        reason: 'Rezygnacja w terminie',
        refund_reference: 'ZWROT KLB',
      });
      const { rows: audit } = await admin().query<{ actor_id: string }>(
        `select actor_id from public.admin_audit_log where action = 'payment.refund' and target_id = $1`,
        [vip.id],
      );
      expect(audit).toEqual([{ actor_id: adminUser.id }]);
      const [mine] = await queryAs<{ status: string; refund_reason: string }>(
        member,
        `select status, refund_reason from public.get_my_payment_orders() where id = $1`,
        [vip.id],
      );
      expect(mine).toEqual({ status: 'refunded', refund_reason: 'Rezygnacja w terminie' });
    });

    it('a refunded renewal disappears and later queued periods move up', async () => {
      const member = await createMember();
      const first = await payForPlan(member.id, 'VIP');
      const second = await payForPlan(member.id, 'VIP');
      const third = await payForPlan(member.id, 'START');
      void first;
      void third;
      const before = await periodsOf(member.id);
      expect(before.map((p) => p.level)).toEqual(['VIP', 'VIP', 'START']);
      await refund(second);
      const after = await periodsOf(member.id);
      expect(after.map((p) => p.level)).toEqual(['VIP', 'START']);
      expect(after[1]!.first_day).toBe(before[1]!.first_day);
      const lengthOf = (p: Period) => Date.parse(p.last_day) - Date.parse(p.first_day);
      expect(lengthOf(after[1]!)).toBe(lengthOf(before[2]!));
    });

    it('a refunded CCC order frees its slots; a pending order cannot be refunded', async () => {
      const member = await createMember();
      const before = await freeSlots('BRONZE');
      const order = await orderCcc(member, 'BRONZE', 1);
      await confirm(order.id);
      expect(await freeSlots('BRONZE')).toBe(before - 1);
      await refund(order.id, 'Pomyłka', 'usdt', txHash());
      expect(await freeSlots('BRONZE')).toBe(before);
      const packages = await queryAs<{ active: boolean }>(
        member,
        `select active from public.get_user_ccc_packages(null)`,
      );
      expect(packages).toEqual([{ active: false }]);

      const pending = await orderPlan(member, 'START');
      expect((await errorOf(queryAs(adminUser, REFUND, [pending.id, 'Powód', 'transfer', 'X'])))?.message).toBe(
        'payments.not_refundable',
      );
      // What came in for an underpaid order can go back too.
      await confirm(pending.id, '10.00');
      expect(await refund(pending.id)).toMatchObject({ status: 'refunded', amount_received: '10.00' });
    });
    it('refunding an order whose period an upgrade converted takes those days off the upgrade; the upgrade’s refund then gives nothing back', async () => {
      const member = await createMember();
      const premium = await payForPlan(member.id, 'PREMIUM');
      const vip = await payForPlan(member.id, 'VIP');
      const [before] = await periodsOf(member.id);
      expect(before).toMatchObject({ level: 'VIP', order_id: vip });
      expect(before!.extra_days).toBeGreaterThan(0);
      // What the member reads after the confirmation: the period the VIP order gave, in its parts.
      const [mine] = await queryAs<{
        period_first_day: string;
        period_last_day: string;
        period_extra_days: number;
        period_from_level: string;
      }>(
        member,
        `select period_first_day::text, period_last_day::text, period_extra_days, period_from_level
           from public.get_my_payment_orders() where id = $1`,
        [vip],
      );
      expect(mine).toEqual({
        period_first_day: before!.first_day,
        period_last_day: before!.last_day,
        period_extra_days: before!.extra_days,
        period_from_level: 'PREMIUM',
      });

      await refund(premium);
      const [after] = await periodsOf(member.id);
      expect(after).toMatchObject({ level: 'VIP', first_day: before!.first_day, shortened_reason: 'refund' });
      expect(Date.parse(before!.last_day) - Date.parse(after!.last_day)).toBe(before!.extra_days * 86_400_000);
      expect((await orderById(vip)).status).toBe('paid');
      // The VIP refund does not bring back the PREMIUM year that was refunded already.
      await refund(vip);
      expect(await periodsOf(member.id)).toEqual([]);
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'FREE', membership_valid_until: null });
    });

    it('along a chain of upgrades the converted days come off the last one, at the list prices', async () => {
      const member = await createMember();
      const start = await payForPlan(member.id, 'START');
      const premium = await payForPlan(member.id, 'PREMIUM');
      await payForPlan(member.id, 'VIP');
      const { rows } = await admin().query<{ level: Level; extra_days: number; last_day: string }>(
        `select level, extra_days, last_day::text from public.membership_periods
          where user_id = $1 and source = 'order' order by created_at`,
        [member.id],
      );
      const premiumExtra = rows[1]!.extra_days;
      const vipBefore = rows[2]!;
      const converted = Math.floor((premiumExtra * (await price('PREMIUM'))) / (await price('VIP')));
      expect(converted).toBeGreaterThan(0);
      await refund(start);
      const [vipAfter] = await periodsOf(member.id);
      expect(vipAfter).toMatchObject({ level: 'VIP', shortened_reason: 'refund' });
      expect((Date.parse(vipBefore.last_day) - Date.parse(vipAfter!.last_day)) / 86_400_000).toBe(converted);
      // Refunding PREMIUM too leaves VIP its 12 months and no extra day.
      await refund(premium);
      const [vipLast] = await periodsOf(member.id);
      expect(vipLast).toMatchObject({ level: 'VIP', last_day: await yearEnd(await today(0)) });
    });

    it('a refunded CCC order whose packages already ran their course has them released too; its packages are not an admin’s to delete', async () => {
      const member = await createMember();
      const order = await orderCcc(member, 'START', 1);
      await confirm(order.id);
      const { rows } = await admin().query<{ id: string }>(
        'select id from public.ccc_assignments where order_id = $1',
        [order.id],
      );
      expect(
        (await errorOf(queryAs(adminUser, 'select public.admin_remove_ccc_assignment($1)', [rows[0]!.id])))?.message,
      ).toBe('ccc.assignment_from_order');
      await admin().query(
        `update public.ccc_assignments set start_date = now() - interval '2 days', end_date = now() - interval '1 day'
          where order_id = $1`,
        [order.id],
      );
      await refund(order.id, 'Reklamacja', 'usdt', txHash());
      const { rows: released } = await admin().query<{ released: boolean }>(
        'select released_at is not null as released from public.ccc_assignments where order_id = $1',
        [order.id],
      );
      expect(released).toEqual([{ released: true }]);
    });
  });

  describe('who may call what', () => {
    it('members preview only their own plan change and read only their own orders; admins need the second factor; anon nothing', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      await payForPlan(member.id, 'PREMIUM');
      const previewOf = (actor: TestUser) =>
        queryAs<{ from_level: Level; change: string }>(
          actor,
          `select from_level, change from public.preview_plan_change('VIP')`,
        );
      expect(await previewOf(member)).toEqual([{ from_level: 'PREMIUM', change: 'upgrade' }]);
      expect(await previewOf(otherMember)).toEqual([{ from_level: 'FREE', change: 'new' }]);
      expect(await sqlState(queryAs('anon', `select * from public.preview_plan_change('VIP')`))).toBe('42501');
      expect((await errorOf(queryAs(member, `select * from public.preview_plan_change('FREE')`)))?.message).toBe(
        'payments.invalid_item',
      );
      expect(await queryAs(otherMember, 'select id from public.get_my_payment_orders()')).toEqual([]);
      expect(await sqlState(queryAs('anon', 'select * from public.get_my_payment_orders()'))).toBe('42501');
      const aal1 = withClaims(adminUser, { aal: 'aal1' });
      for (const actor of [member, aal1, 'anon' as const]) {
        expect(await sqlState(queryAs(actor, 'select public.admin_update_payment_settings(5)'))).toBe('42501');
      }
      const order = await orderPlan(member, 'VIP');
      await confirm(order.id, '100.00');
      // The second payment of an underpaid order is an admin's (aal2) too.
      for (const actor of [member, otherMember, aal1, 'anon' as const]) {
        expect(await sqlState(queryAs(actor, CONFIRM, [order.id, null, null, null]))).toBe('42501');
      }
      expect((await orderById(order.id)).status).toBe('underpaid');
    });
  });

  describe('the money-in invariant', () => {
    it('finds a missing commission, receipts that do not add up and an order’s lost package', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const member = await signUpWithReferral(code.code);
      const plan = await payForPlan(member.id, 'START');
      const ccc = await orderCcc(member, 'BRONZE', 1);
      await confirm(ccc.id);
      expect(
        await admin()
          .query('select * from private.money_in_mismatches()')
          .then((r) => r.rows),
      ).toEqual([]);
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query('delete from public.referral_commissions where order_id = $1', [plan]);
        await client.query('update public.payment_receipts set amount = amount - 1 where order_id = $1', [plan]);
        await client.query('delete from public.ccc_assignments where order_id = $1', [ccc.id]);
        const { rows } = await client.query<{ problem: string; order_id: string }>(
          'select problem, order_id from private.money_in_mismatches() where user_id = $1 order by problem',
          [member.id],
        );
        expect(rows).toEqual([
          { problem: 'amount received differs from the receipts', order_id: plan },
          { problem: 'paid CCC order without exactly its packages', order_id: ccc.id },
          { problem: 'paid plan order of a referred member without the commission', order_id: plan },
        ]);
      } finally {
        await client.query('rollback');
        client.release();
      }
    });
  });

  describe('races', () => {
    it('a catalogue change racing a confirmation: the old order is paid at its fixed price either way', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START');
      const oldPrice = await price('START');
      try {
        await admin().query(
          'update public.membership_plans set yearly_price_pln = yearly_price_pln + 1 where tier = $1',
          ['START'],
        );
        const [confirmed, again] = await Promise.allSettled([
          confirm(order.id, order.amount),
          orderPlan(member, 'START'),
        ]);
        expect(confirmed.status).toBe('fulfilled');
        expect(again.status).toBe('fulfilled');
        const old = await orderById(order.id);
        expect(old).toMatchObject({ status: 'paid', amount: order.amount, amount_received: order.amount });
        const fresh = (again as PromiseFulfilledResult<Order>).value;
        expect(fresh.id).not.toBe(order.id);
        expect(Number(fresh.amount)).toBe(oldPrice + 1);
      } finally {
        await admin().query('update public.membership_plans set yearly_price_pln = $2 where tier = $1', [
          'START',
          oldPrice,
        ]);
      }
    });

    it('two refunds at once: one refunds, the other changes nothing', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'PREMIUM');
      await confirm(order.id);
      const results = await race<{ changed: boolean }>(2, adminUser, REFUND, [
        order.id,
        'Podwójne kliknięcie',
        'transfer',
        'Z1',
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value[0]!.changed : 'failed')).sort()).toEqual([
        false,
        true,
      ]);
      expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność zwrócona')).toHaveLength(1);
      expect((await profileOf(member.id))!.membership_level).toBe('FREE');
    });

    it('an expiry racing a confirmation: paid either way, the member notified of the payment', async () => {
      const member = await createMember();
      const order = await orderPlan(member, 'START');
      await admin().query(`update public.payment_orders set expires_at = now() - interval '1 second' where id = $1`, [
        order.id,
      ]);
      await Promise.all([admin().query('select private.expire_payment_orders()'), confirm(order.id)]);
      expect((await orderById(order.id)).status).toBe('paid');
      expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność potwierdzona');
      expect((await profileOf(member.id))!.membership_level).toBe('START');
    });

    it('20 CCC orders racing for 3 free slots: 3 reserve, and each reservation is confirmed', async () => {
      const holder = await createMember();
      await occupySlots('GOLD', (await available('GOLD')) - 3, holder.id);
      const members = await Promise.all(Array.from({ length: 20 }, () => createMember()));
      const settled = await Promise.allSettled(members.map((m) => orderCcc(m, 'GOLD', 1)));
      const orders = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(orders).toHaveLength(3);
      // The catalogue cannot shrink below the reserved slots either.
      expect(
        (
          await errorOf(
            queryAs(
              adminUser,
              `select public.admin_update_ccc_tier(t.tier, t.ccc_amount, t.price_usd, t.profit_share, t.duration_months, t.total_slots - 1)
                 from public.ccc_tiers t where t.tier = 'GOLD'`,
            ),
          )
        )?.message,
      ).toBe('catalogue.slots_below_used');
      const results = await Promise.all(orders.map((o) => confirm(o.id)));
      expect(results.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    });
  });
});

// The payment gateway (Przelewy24, issue 36): sessions per order, the confirmation by the gateway
// through the one confirm wrapper, the append-only events log. Only the service role (the edge
// functions) calls the gateway RPCs; admins read the events.
describe('payment gateway', () => {
  checkLedgerAfterEachTest();

  async function transferOrder(member: TestUser, tier = 'START') {
    const [order] = await queryAs<{ id: string; reference: string; amount: string }>(
      member,
      `select * from public.create_payment_order(p_method => 'transfer', p_plan_tier => $1, p_consent_text => 'Zgoda (test)')`,
      [tier],
    );
    return order!;
  }
  const begin = (orderId: string, userId: string) =>
    queryAs<{ session_id: string; amount: string; currency: string; item_label: string; email: string }>(
      'service_role',
      'select * from public.gateway_begin_registration($1, $2, $3)',
      [orderId, userId, 'req-1'],
    );
  const confirm = (sessionId: string, amount: string) =>
    queryAs<{ changed: boolean; status: string; order_id: string }>(
      'service_role',
      'select * from public.gateway_confirm_payment($1, $2, $3)',
      [sessionId, amount, 'req-2'],
    );
  const eventsOf = async (orderId: string) =>
    (
      await admin().query<{ kind: string; outcome: string; session_id: string; request_id: string | null }>(
        'select kind, outcome, session_id, request_id from public.payment_events where order_id = $1 order by id',
        [orderId],
      )
    ).rows;

  it('lets only the service role call the gateway RPCs', async () => {
    const member = await createMember();
    const adminUser = await createAdmin();
    const order = await transferOrder(member);
    for (const actor of ['anon', member, adminUser] as const) {
      expect(
        await sqlState(
          queryAs(actor, 'select * from public.gateway_begin_registration($1, $2)', [order.id, member.id]),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs(actor, `select * from public.gateway_confirm_payment('x', 1)`))).toBe('42501');
      expect(await sqlState(queryAs(actor, `select public.gateway_record_event('verify', 'x')`))).toBe('42501');
      expect(await sqlState(queryAs(actor, `select * from public.gateway_order_for_session('x')`))).toBe('42501');
      expect(await sqlState(queryAs(actor, `select * from public.gateway_pending_sessions()`))).toBe('42501');
    }
  });

  it('registers sessions reference-1, reference-2 … for the member’s pending PLN transfer order only', async () => {
    const member = await createMember({ email: `gateway-${Date.now()}@example.com` });
    const otherMember = await createMember();
    const order = await transferOrder(member);
    const [first] = await begin(order.id, member.id);
    const [second] = await begin(order.id, member.id);
    expect(first).toMatchObject({
      session_id: `${order.reference}-1`,
      amount: order.amount,
      currency: 'PLN',
      item_label: 'Plan START',
      email: member.email,
    });
    expect(second!.session_id).toBe(`${order.reference}-2`);
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'register', outcome: 'requested', session_id: `${order.reference}-1`, request_id: 'req-1' },
      { kind: 'register', outcome: 'requested', session_id: `${order.reference}-2`, request_id: 'req-1' },
    ]);
    const [found] = await queryAs('service_role', 'select * from public.gateway_order_for_session($1)', [
      `${order.reference}-2`,
    ]);
    expect(found).toMatchObject({ order_id: order.id, status: 'pending', amount: order.amount });
    expect(
      await queryAs('service_role', `select * from public.gateway_order_for_session($1)`, [order.reference]),
    ).toEqual([]);

    expect(await errorOf(begin(order.id, otherMember.id))).toEqual({
      code: 'P0002',
      message: 'payments.order_not_found',
    });
    const [usdt] = await queryAs<{ id: string }>(
      member,
      `select * from public.create_payment_order(p_method => 'usdt', p_plan_tier => 'START', p_consent_text => 'Zgoda (test)')`,
    );
    expect((await errorOf(begin(usdt!.id, member.id)))?.message).toBe('payments.gateway_not_supported');
    await queryAs(member, 'select public.cancel_payment_order($1)', [order.id]);
    expect((await errorOf(begin(order.id, member.id)))?.message).toBe('payments.not_pending');
  });

  it('confirms through the gateway as an admin would: level, end date, notification, e-mail, event', async () => {
    const member = await createMember();
    const order = await transferOrder(member);
    const [session] = await begin(order.id, member.id);
    const [result] = await confirm(session!.session_id, order.amount);
    expect(result).toMatchObject({ changed: true, status: 'paid', order_id: order.id });
    const { rows: profiles } = await admin().query<{ membership_level: string; membership_valid_until: Date | null }>(
      'select membership_level, membership_valid_until from public.profiles where user_id = $1',
      [member.id],
    );
    expect(profiles[0]?.membership_level).toBe('START');
    expect(profiles[0]?.membership_valid_until).not.toBeNull();
    const { rows: paid } = await admin().query(
      'select status, decided_by, amount_received from public.payment_orders where id = $1',
      [order.id],
    );
    expect(paid[0]).toEqual({ status: 'paid', decided_by: null, amount_received: order.amount });
    const { rows: via } = await admin().query('select decided_via from public.payment_orders where id = $1', [
      order.id,
    ]);
    expect(via[0]).toEqual({ decided_via: 'gateway' });
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność potwierdzona');
    const { rows: mails } = await admin().query(
      `select template from private.email_outbox where user_id = $1 and template = 'payment-confirmed'`,
      [member.id],
    );
    expect(mails).toHaveLength(1);
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.outcome])).toEqual([
      ['register', 'requested'],
      ['confirm', 'paid'],
    ]);
  });

  it('confirms exactly once under 10 parallel notifications', async () => {
    const member = await createMember();
    const order = await transferOrder(member);
    const [session] = await begin(order.id, member.id);
    const results = await race<{ changed: boolean; status: string }>(
      10,
      'service_role',
      'select * from public.gateway_confirm_payment($1, $2)',
      [session!.session_id, order.amount],
    );
    const rows = results.map((r) => (r.status === 'fulfilled' ? r.value[0] : r.reason));
    expect(rows.filter((row) => row?.changed === true)).toHaveLength(1);
    expect(rows.filter((row) => row?.changed === false && row?.status === 'paid')).toHaveLength(9);
    const events = await eventsOf(order.id);
    expect(
      events
        .filter((e) => e.kind === 'confirm')
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['paid', ...Array(9).fill('unchanged')]);
    const { rows: mails } = await admin().query(
      `select 1 from private.email_outbox where user_id = $1 and template = 'payment-confirmed'`,
      [member.id],
    );
    expect(mails).toHaveLength(1);
    expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność potwierdzona')).toHaveLength(1);
  });

  it('never confirms less than the price (the order becomes underpaid, nothing granted), nor an unknown session', async () => {
    const member = await createMember();
    const order = await transferOrder(member);
    const [session] = await begin(order.id, member.id);
    const less = (Number(order.amount) - 0.01).toFixed(2);
    expect(await confirm(session!.session_id, less)).toEqual([
      { changed: true, status: 'underpaid', order_id: order.id },
    ]);
    expect(await errorOf(confirm(`${order.reference}-9`, order.amount))).toEqual({
      code: 'P0002',
      message: 'payments.order_not_found',
    });
    const { rows } = await admin().query('select status, decided_via from public.payment_orders where id = $1', [
      order.id,
    ]);
    expect(rows[0]).toEqual({ status: 'underpaid', decided_via: 'gateway' });
    expect((await profileOf(member.id))?.membership_level).toBe('FREE');
    expect((await eventsOf(order.id)).map((e) => [e.kind, e.outcome])).toEqual([
      ['register', 'requested'],
      ['confirm', 'underpaid'],
    ]);
  });

  it('keeps unsigned notifications short and stores at most 120 of them an hour', async () => {
    // One transaction, rolled back: the flood never reaches the other files' health checks.
    const client = await admin().connect();
    const one = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0];
    const junk = 'x'.repeat(10_000);
    const record = (outcome: string, signed: boolean | null) =>
      one(`select public.gateway_record_event('notification', $1, null, null, $2, 400, $3, null, '{}', 'junk') as id`, [
        outcome,
        signed,
        junk,
      ]);
    try {
      await client.query('begin');
      await client.query(
        `delete from public.payment_events where outcome in ('malformed', 'bad_signature') and created_at > now() - interval '1 hour'`,
      );
      await client.query('set local role service_role');
      const first = await record('malformed', null);
      await client.query('reset role');
      expect(
        await one('select char_length(request_body) as length from public.payment_events where id = $1', [first.id]),
      ).toEqual({
        length: 2048,
      });
      await client.query('set local role service_role');
      await client.query(`select count(public.gateway_record_event('notification', 'bad_signature', null, null,
        false, 400, 'junk', null, '{}', 'junk')) from generate_series(1, 130)`);
      expect((await record('bad_signature', false)).id).toBeNull();
      // A signed event is always stored, whole.
      const signed = await record('unknown_order', true);
      await client.query('reset role');
      expect(signed.id).not.toBeNull();
      expect(
        await one(
          `select count(*)::int as junk from public.payment_events
            where created_at > now() - interval '1 hour' and outcome in ('malformed', 'bad_signature')`,
        ),
      ).toEqual({ junk: 120 });
      expect(
        await one('select char_length(request_body) as length from public.payment_events where id = $1', [signed.id]),
      ).toEqual({
        length: 10_000,
      });
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  });

  it('keeps events append-only and shows them to admins only', async () => {
    const member = await createMember();
    const adminUser = await createAdmin();
    const order = await transferOrder(member);
    const [session] = await begin(order.id, member.id);
    const [{ gateway_record_event: id }] = (await queryAs<{ gateway_record_event: string }>(
      'service_role',
      `select public.gateway_record_event('notification', 'bad_signature', $1, null, false, 400, '{"sign":"x"}', null,
         '{"content-type":"application/json"}', 'req-3')`,
      [session!.session_id],
    )) as [{ gateway_record_event: string }];
    const [row] = (
      await admin().query(
        'select order_id, signature_valid, request_body, headers from public.payment_events where id = $1',
        [id],
      )
    ).rows;
    expect(row).toEqual({
      order_id: order.id,
      signature_valid: false,
      request_body: '{"sign":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await sqlState(admin().query(`update public.payment_events set outcome = 'x' where id = $1`, [id]))).toBe(
      '42501',
    );
    for (const statement of [
      `update public.payment_events set outcome = 'x' where id = ${id}`,
      `delete from public.payment_events where id = ${id}`,
      `insert into public.payment_events (kind, outcome) values ('verify', 'x')`,
    ]) {
      expect(await sqlState(queryAs('service_role', statement))).toBe('42501');
      expect(await sqlState(queryAs(adminUser, statement))).toBe('42501');
    }
    expect(
      (await queryAs(adminUser, 'select id from public.payment_events where order_id = $1', [order.id])).length,
    ).toBe(2);
    expect(await queryAs(member, 'select id from public.payment_events where order_id = $1', [order.id])).toEqual([]);
  });

  it('lists pending gateway orders whose newest session is older than the given age', async () => {
    const member = await createMember();
    const order = await transferOrder(member);
    await begin(order.id, member.id);
    const pending = (age: string) =>
      queryAs<{ order_id: string; session_id: string }>(
        'service_role',
        'select * from public.gateway_pending_sessions($1::interval, 500)',
        [age],
      );
    expect((await pending('10 minutes')).some((r) => r.order_id === order.id)).toBe(false);
    await admin().query(
      `alter table public.payment_events disable trigger payment_events_append_only;
       update public.payment_events set created_at = created_at - interval '11 minutes' where order_id = '${order.id}';
       alter table public.payment_events enable trigger payment_events_append_only;`,
    );
    expect((await pending('10 minutes')).filter((r) => r.order_id === order.id)).toEqual([
      expect.objectContaining({ session_id: `${order.reference}-1` }),
    ]);
    await queryAs(member, 'select public.cancel_payment_order($1)', [order.id]);
    expect((await pending('10 minutes')).some((r) => r.order_id === order.id)).toBe(false);
  });
});
