import { t } from '@/i18n/admin';
import { csvDate, csvDateTime, csvNumber, toCsv } from '@/lib/csv';

/** product.md#dashboard-9: "Dashboard profit pool: latest ecommerce revenue times 5 % (START), 15 % (PREMIUM), 20 % (VIP)". */
export const POOLS = [
  { tier: 'START', share: 0.05 },
  { tier: 'PREMIUM', share: 0.15 },
  { tier: 'VIP', share: 0.2 },
] as const;

/** A pool in PLN rounded to 0.01, as the payout run rounds it. */
export const poolAmount = (amount: number | string, share: number) => Math.round(Number(amount) * share * 100) / 100;

export type RevenueCsvRow = { amount: number | string; created_at: string; paid_out_at: string | null };

/** The revenue CSV: date, amount, the three pools and the day the profit was paid out (empty when not yet). */
export function revenueCsv(rows: readonly RevenueCsvRow[]): string {
  return toCsv(
    [
      t('admin.revenue.date'),
      t('admin.revenue.amount'),
      ...POOLS.map((pool) => t('admin.revenue.pool_csv', { tier: pool.tier, percent: pool.share * 100 })),
      t('admin.revenue.paid_out'),
    ],
    rows.map((row) => [
      csvDateTime(row.created_at),
      csvNumber(row.amount),
      ...POOLS.map((pool) => poolAmount(row.amount, pool.share)),
      csvDate(row.paid_out_at),
    ]),
  );
}
