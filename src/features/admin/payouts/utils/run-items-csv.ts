import type { PayoutRunItem } from '@/data/payouts/list-payout-run-items';
import { t } from '@/i18n/admin';
import { csvNumber, toCsv } from '@/lib/csv';

/** A run's items as CSV: member, e-mail, tier, PLN, USDT, the run's rate, and the reversal's split. */
export function runItemsCsv(rows: readonly PayoutRunItem[], rate: number | string): string {
  return toCsv(
    [
      t('admin.payouts.member'),
      t('admin.payouts.email'),
      t('admin.payouts.tier'),
      t('admin.payouts.amount_pln'),
      t('admin.payouts.amount_usdt'),
      t('admin.payouts.rate'),
      t('admin.payouts.reversal_debited'),
      t('admin.payouts.reversal_debt'),
    ],
    rows.map((row) => [
      row.member_full_name ?? (row.member_email ? null : t('admin.payouts.deleted_member')),
      row.member_email,
      row.tier,
      csvNumber(row.amount_pln),
      csvNumber(row.amount_usdt),
      csvNumber(rate),
      csvNumber(row.reversal_debited),
      csvNumber(row.reversal_debt),
    ]),
  );
}
