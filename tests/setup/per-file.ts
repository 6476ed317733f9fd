// Runs before each integration test file: the file's database connections end when it ends, and
// after every test of tests/db the money invariants must hold, whatever the test did:
//   - each wallet's balances equal the sums of its ledger deltas, and its pending balance the sum of
//     its pending withdrawals (private.wallet_ledger_mismatches);
//   - each debt's repaid amount equals the ledger's debt_repayment entries naming it, and no member
//     with an open debt has money available (private.wallet_debt_mismatches);
//   - each payout run's totals and member count equal the sums and count of its items;
//   - every paid order has exactly the period, packages and commission it should, an unpaid or
//     refunded one nothing still running, periods never overlap and the profile's level cache agrees
//     with the periods (private.money_in_mismatches);
//   - the treasurer's money-in buckets equal the orders (private.finance_mismatches) and the
//     wallet shards the wallets (private.finance_wallet_mismatch);
//   - each commission settlement's USDT is what its ledger credit says: per referrer, the
//     'commission_payout' entries add up to the USDT of the commissions settled.
// A test that breaks one fails with the rows that differ.
// After every integration test file, the audit trail's hash chain must be intact
// (private.verify_audit_chain: every row linked, its hash matching its content and the previous row,
// the head and the last published head in the chain); a file that breaks it fails with the first
// broken row and why.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { admin, endPools } from '../helpers/db.ts';
import { auditChainState } from './audit-chain.ts';

/** Payout runs whose stored totals or member count differ from their items. */
const PAYOUT_RUN_MISMATCHES = `
  select r.id, r.total_pln, coalesce(i.pln, 0) as items_pln, r.total_usdt, coalesce(i.usdt, 0) as items_usdt,
         r.members_count, coalesce(i.members, 0)::int as items_members
    from public.payout_runs r
    left join (
      select run_id, sum(amount_pln) as pln, sum(amount_usdt) as usdt, count(*) as members
        from public.payout_run_items
       group by run_id
    ) i on i.run_id = r.id
   where r.total_pln <> coalesce(i.pln, 0)
      or r.total_usdt <> coalesce(i.usdt, 0)
      or r.members_count <> coalesce(i.members, 0)`;

/** Referrers whose commission credits in the ledger differ from the USDT of their settled commissions. */
const COMMISSION_MISMATCHES = `
  select coalesce(c.user_id, l.user_id) as user_id, c.usdt as settled_usdt, l.usdt as ledger_usdt
    from (select referrer_id as user_id, sum(amount_usdt) as usdt from public.referral_commissions
           where settled_at is not null and referrer_id is not null group by referrer_id) c
    full join (select user_id, sum(available_delta) as usdt from public.wallet_transactions
                where kind = 'commission_payout' and user_id is not null group by user_id) l on l.user_id = c.user_id
   where c.usdt is distinct from l.usdt`;

/** The broken money invariants, by name; empty when the books agree. */
export async function moneyInvariantViolations(): Promise<Record<string, unknown[]>> {
  const [ledger, debts, payouts, moneyIn, finance, commissions] = await Promise.all([
    admin().query('select * from private.wallet_ledger_mismatches()'),
    admin().query('select * from private.wallet_debt_mismatches()'),
    admin().query(PAYOUT_RUN_MISMATCHES),
    admin().query('select * from private.money_in_mismatches()'),
    admin().query(
      'select * from private.finance_mismatches() union all select null, null, null, null, kept_wallets::int, kept_available, wallets, available from private.finance_wallet_mismatch()',
    ),
    admin().query(COMMISSION_MISMATCHES),
  ]);
  const violations: Record<string, unknown[]> = {};
  if (ledger.rows.length) violations['wallet balances ≠ ledger sums (private.wallet_ledger_mismatches)'] = ledger.rows;
  if (debts.rows.length) violations['debts ≠ their ledger repayments (private.wallet_debt_mismatches)'] = debts.rows;
  if (payouts.rows.length) violations['payout run totals ≠ sums of its items'] = payouts.rows;
  if (moneyIn.rows.length) {
    violations['orders ≠ the periods, packages and commissions they granted (private.money_in_mismatches)'] =
      moneyIn.rows;
  }
  if (finance.rows.length) violations['money-in buckets ≠ the orders (private.finance_mismatches)'] = finance.rows;
  if (commissions.rows.length) violations['commission credits ≠ the settled commissions'] = commissions.rows;
  return violations;
}

// The CCC tiers' slots are club-wide: a file that leaves a tier full (packages it stored and never
// removed) makes the next files' orders of that tier fail with payments.no_slots, depending on the
// order the files run in. A tests/db file leaves every tier that had a free slot with one.
const FREE_SLOTS = 'select t.tier::text as tier, private.ccc_free_slots(t.tier) as free from public.ccc_tiers t';
let freeSlotsAtStart: Map<string, number> | undefined;
const inDatabaseTests = () => expect.getState().testPath?.includes('/tests/db/') ?? false;

beforeAll(async () => {
  freeSlotsAtStart = undefined;
  if (!inDatabaseTests()) return;
  const { rows } = await admin().query<{ tier: string; free: number }>(FREE_SLOTS);
  freeSlotsAtStart = new Map(rows.map((row) => [row.tier, row.free]));
});

afterEach(async () => {
  if (!expect.getState().testPath?.includes('/tests/db/')) return;
  const violations = await moneyInvariantViolations();
  expect(violations, 'money invariants after this test').toEqual({});
});

afterAll(async () => {
  try {
    if (freeSlotsAtStart) {
      const { rows } = await admin().query<{ tier: string; free: number }>(FREE_SLOTS);
      const filled = rows.filter((row) => row.free <= 0 && (freeSlotsAtStart!.get(row.tier) ?? 0) > 0);
      expect(filled, 'CCC tiers this test file left without a free slot').toEqual([]);
    }
    const chain = await auditChainState();
    expect(
      { intact: chain.intact, problem: chain.problem, broken_seq: chain.broken_seq, broken_id: chain.broken_id },
      'audit chain after this test file (private.verify_audit_chain)',
    ).toEqual({ intact: true, problem: null, broken_seq: null, broken_id: null });
  } finally {
    await endPools();
  }
});
