import { z } from 'zod/mini';
import { lazySchema } from '@/lib/validation/lazy-schema';

/** admin_finance_overview() returns JSON: checked here, at the edge of the domain. */
export const financeOverviewSchema = lazySchema(() => {
  const bucket = z.object({ orders: z.number(), amount: z.number() });
  return z.object({
    liabilities: z.object({
      available: z.number(),
      wallets: z.number(),
      in_withdrawal: z.number(),
      pending: z.object({ count: z.number(), amount: z.number(), oldest: z.nullable(z.string()) }),
      processing: z.object({ count: z.number(), amount: z.number(), oldest_claim: z.nullable(z.string()) }),
      commissions: z.object({ count: z.number(), members: z.number(), total_pln: z.number() }),
    }),
    money_in: z.array(
      z.object({
        month: z.string(),
        method: z.enum(['transfer', 'usdt', 'acc']),
        currency: z.string(),
        paid: bucket,
        underpaid: bucket,
        to_refund: bucket,
        refunded: bucket,
      }),
    ),
    payouts: z.array(
      z.object({
        month: z.string(),
        runs: z.number(),
        members: z.number(),
        credited_usdt: z.number(),
        credited_pln: z.number(),
        remainder_pln: z.number(),
        commissions: z.number(),
        settled_pln: z.number(),
        settled_usdt: z.number(),
      }),
    ),
    months: z.number(),
    since: z.string(),
  });
});

export type FinanceOverview = z.infer<ReturnType<typeof financeOverviewSchema>>;
export type MoneyInRow = FinanceOverview['money_in'][number];
export type PayoutMonth = FinanceOverview['payouts'][number];
