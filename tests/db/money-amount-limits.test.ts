// Money amounts fit their columns (20261128000100_money_amount_limits.sql): an amount the column
// cannot hold is refused with a message key, never with a bare numeric overflow (22003), on every
// admin and member RPC that takes an amount or adds to a balance.
import { describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs } from '../helpers/db.ts';
import { balanceOf, checkLedgerAfterEachTest, fundWallet, txHash, walletAddress } from '../helpers/money-factories.ts';

checkLedgerAfterEachTest();

const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3)`;

describe('admin_confirm_payment: the amount received is numeric(12, 2)', () => {
  it('takes 9 999 999 999.99, refuses more with payments.amount_too_high, and mails the whole amount', async () => {
    const member = await createMember();
    const adminUser = await createAdmin();
    const [order] = await queryAs<{ id: string }>(
      member,
      `select * from public.create_payment_order(p_method => 'usdt', p_plan_tier => 'START')`,
    );
    // 10^10 up to just below 10^16 passed the wallet's limit and then overflowed the column (22003).
    for (const tooHigh of ['10000000000', '10000000000.00', '9999999999999999.99']) {
      expect(await errorOf(queryAs(adminUser, CONFIRM, [order!.id, tooHigh, null]))).toEqual({
        code: 'P0001',
        message: 'payments.amount_too_high',
      });
    }
    // Not a valid amount at all says so first, however large; the order is still pending.
    for (const invalid of ['10000000000.001', '1e20', 'NaN', 'Infinity', '0']) {
      expect((await errorOf(queryAs(adminUser, CONFIRM, [order!.id, invalid, null])))?.message).toBe(
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
    ]);
    expect(paid).toMatchObject({ changed: true, amount_received: '9999999999.99', tx_hash: hash });
    const { rows: mails } = await admin().query<{ variables: { amount: string } }>(
      `select variables from private.email_outbox where user_id = $1 and template = 'payment-confirmed'`,
      [member.id],
    );
    expect(mails.map((m) => m.variables.amount)).toEqual(['9999999999.99 USDT']);
  });
});

describe('the ledger: balances are numeric(18, 2)', () => {
  it('refuses a credit that would take a balance to 10^16 with wallet.balance_too_high, for admin and server credits alike', async () => {
    const member = await createMember();
    const adminUser = await createAdmin();
    await fundWallet(member, '9999999999999998.99');
    try {
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 1.01, 'Premia')`, [member.id]),
        ),
      ).toEqual({ code: 'P0001', message: 'wallet.balance_too_high' });
      expect(await errorOf(fundWallet(member, '1.01'))).toEqual({ code: 'P0001', message: 'wallet.balance_too_high' });
      // Up to the largest balance the column holds is fine, and so is a withdrawal from it (the
      // total, available + pending, stays the same).
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 1, 'Premia')`, [member.id]);
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
      await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', $2, 'Zerowanie')`, [
        member.id,
        after!.available_balance,
      ]);
    }
  });
});

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
