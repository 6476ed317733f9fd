// The treasurer's view (issue 35 §4, migration 20261122001900_finance.sql): admin_finance_overview
// gives the liabilities now, the money in by month, method and currency and the payouts by month in
// one call; every figure equals what the rows behind it add up to (the lists the tab links to).
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferralCode, signUpWithReferral } from '../helpers/accounts-factories.ts';
import {
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  type TestUser,
  withClaims,
} from '../helpers/db.ts';
import {
  checkLedgerAfterEachTest,
  claimWithdrawal,
  fundWallet,
  payForPlan,
  pendingWithdrawal,
} from '../helpers/money-factories.ts';

type Bucket = { orders: number; amount: number };
type MoneyInRow = {
  month: string;
  method: string;
  currency: string;
  paid: Bucket;
  underpaid: Bucket;
  to_refund: Bucket;
  refunded: Bucket;
};
type Overview = {
  liabilities: {
    available: number;
    wallets: number;
    in_withdrawal: number;
    pending: { count: number; amount: number; oldest: string | null };
    processing: { count: number; amount: number; oldest_claim: string | null };
    commissions: { count: number; members: number; total_pln: number };
  };
  money_in: MoneyInRow[];
  payouts: {
    month: string;
    runs: number;
    credited_usdt: number;
    remainder_pln: number;
    commissions: number;
    settled_usdt: number;
  }[];
  months: number;
  since: string;
};

const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' }).format(new Date());

describe('admin_finance_overview', () => {
  checkLedgerAfterEachTest();
  let treasurer: TestUser;
  beforeAll(async () => {
    treasurer = await createAdmin();
  });

  async function overview(months = 24): Promise<Overview> {
    const [row] = await queryAs<{ o: Overview }>(treasurer, 'select public.admin_finance_overview($1) as o', [months]);
    return row!.o;
  }

  const bucket = (o: Overview, method: string, currency: string) =>
    o.money_in.find((r) => r.month === thisMonth() && r.method === method && r.currency === currency);

  /** An order of the member at the plan's transfer price, not paid yet. */
  async function order(userId: string, tier: 'START' | 'PREMIUM' | 'VIP' = 'START') {
    const { rows } = await admin().query<{ id: string; amount: string }>(
      `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
       select private.new_payment_reference(), $1, 'plan', m.tier, 'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
         from public.membership_plans m where m.tier = $2 returning id, amount::text`,
      [userId, tier],
    );
    return rows[0]!;
  }

  it('gives the liabilities as the rows behind them add up', async () => {
    const member = await createMember();
    await fundWallet(member, 70);
    await pendingWithdrawal(member, 5);
    const other = await createMember();
    const claimed = await pendingWithdrawal(other, 12);
    await claimWithdrawal(treasurer, claimed.id);
    const referrer = await createMember();
    const code = await createReferralCode(referrer);
    await payForPlan((await signUpWithReferral(code.code)).id, 'START');

    const o = await overview();
    const { rows } = await admin().query(`
      select (select coalesce(sum(available_balance), 0)::float8 from public.wallet_balances) as available,
             (select count(*)::int from public.wallet_balances where available_balance > 0) as wallets,
             (select coalesce(sum(pending_balance), 0)::float8 from public.wallet_balances) as in_withdrawal,
             (select count(*)::int from public.withdrawals where status = 'pending') as pending_count,
             (select coalesce(sum(amount), 0)::float8 from public.withdrawals where status = 'pending') as pending_amount,
             (select min(created_at) from public.withdrawals where status = 'pending') as pending_oldest,
             (select count(*)::int from public.withdrawals where status = 'processing') as processing_count,
             (select coalesce(sum(amount), 0)::float8 from public.withdrawals where status = 'processing') as processing_amount,
             (select count(*)::int from public.referral_commissions
               where settled_at is null and cancelled_at is null and referrer_id is not null) as commissions,
             (select coalesce(sum(amount_pln), 0)::float8 from public.referral_commissions
               where settled_at is null and cancelled_at is null and referrer_id is not null) as commissions_pln`);
    const truth = rows[0]!;
    expect(o.liabilities).toMatchObject({
      available: truth.available,
      wallets: truth.wallets,
      in_withdrawal: truth.in_withdrawal,
      pending: { count: truth.pending_count, amount: truth.pending_amount },
      processing: { count: truth.processing_count, amount: truth.processing_amount },
      commissions: { count: truth.commissions, total_pln: truth.commissions_pln },
    });
    expect(new Date(o.liabilities.pending.oldest!).getTime()).toBe(truth.pending_oldest.getTime());
    expect(o.liabilities.pending.count).toBeGreaterThanOrEqual(1);
    expect(o.liabilities.processing.count).toBeGreaterThanOrEqual(1);
    expect(o.liabilities.commissions.count).toBeGreaterThanOrEqual(1);
  });

  it('counts money in by month, method and currency: paid, underpaid and refunded move between the buckets', async () => {
    const member = await createMember();
    const before = bucket(await overview(), 'transfer', 'PLN');
    const paid = await order(member.id);
    await admin().query(`select private.confirm_payment($1, $2::numeric, 'gateway', null)`, [paid.id, paid.amount]);
    const short = await order((await createMember()).id);
    await admin().query(`select private.confirm_payment($1, 100::numeric, 'gateway', null)`, [short.id]);

    const after = bucket(await overview(), 'transfer', 'PLN')!;
    const price = Number(paid.amount);
    expect(after.paid.orders).toBe((before?.paid.orders ?? 0) + 1);
    expect(after.paid.amount).toBeCloseTo((before?.paid.amount ?? 0) + price, 2);
    expect(after.underpaid.orders).toBe((before?.underpaid.orders ?? 0) + 1);
    expect(after.underpaid.amount).toBeCloseTo((before?.underpaid.amount ?? 0) + 100, 2);

    await queryAs(treasurer, "select * from public.admin_refund_payment($1, 'Rezygnacja', 'transfer', 'ZWROT 2')", [
      paid.id,
    ]);
    const refunded = bucket(await overview(), 'transfer', 'PLN')!;
    expect(refunded.paid.orders).toBe(after.paid.orders - 1);
    expect(refunded.refunded.orders).toBe(after.refunded.orders + 1);
    expect(refunded.refunded.amount).toBeCloseTo(after.refunded.amount + price, 2);
    expect((await admin().query('select * from private.finance_mismatches()')).rows).toEqual([]);
  });

  it('gives the payouts by month as the runs and settled commissions add up', async () => {
    const o = await overview();
    const { rows } = await admin().query(`
      select to_char(date_trunc('month', created_at at time zone 'Europe/Warsaw'), 'YYYY-MM') as month,
             count(*)::int as runs, sum(total_usdt)::float8 as usdt, sum(remainder_pln)::float8 as remainder
        from public.payout_runs group by 1`);
    for (const run of rows) {
      expect(o.payouts.find((p) => p.month === run.month)).toMatchObject({
        runs: run.runs,
        credited_usdt: run.usdt,
        remainder_pln: run.remainder,
      });
    }
    const settled = await admin().query(`
      select to_char(date_trunc('month', settled_at at time zone 'Europe/Warsaw'), 'YYYY-MM') as month,
             count(*)::int as n, sum(amount_usdt)::float8 as usdt
        from public.referral_commissions where settled_at is not null group by 1`);
    for (const month of settled.rows) {
      expect(o.payouts.find((p) => p.month === month.month)).toMatchObject({
        commissions: month.n,
        settled_usdt: month.usdt,
      });
    }
  });

  it('is for admins with their second factor only, for 1 to 120 months', async () => {
    const member = await createMember();
    for (const actor of [member, withClaims(treasurer, { aal: 'aal1' })]) {
      expect(await sqlState(queryAs(actor, 'select public.admin_finance_overview(24)'))).toBe('42501');
    }
    expect(await sqlState(queryAs('anon', 'select public.admin_finance_overview(24)'))).toBe('42501');
    expect(await errorOf(overview(0))).toEqual({ code: '22023', message: 'finance.invalid_months' });
    expect((await overview(1)).since).toBe(`${thisMonth()}-01`);
    expect(await sqlState(queryAs(member, 'select * from private.finance_money_in'))).toBe('42501');
  });
});
