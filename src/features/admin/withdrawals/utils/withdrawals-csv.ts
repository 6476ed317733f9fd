import type { AdminWithdrawal, WithdrawalStatus } from '@/data/wallet/list-withdrawals';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { csvDateTime, csvNumber, toCsv } from '@/lib/csv';

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, MessageKey> = {
  pending: 'admin.withdrawals.status.pending',
  completed: 'admin.withdrawals.status.completed',
  failed: 'admin.withdrawals.status.failed',
  cancelled: 'admin.withdrawals.status.cancelled',
};

/** The withdrawals CSV: the withdrawals of the status on screen, with the settlement's hash or reason. */
export function withdrawalsCsv(rows: readonly AdminWithdrawal[]): string {
  return toCsv(
    [
      t('admin.withdrawals.member'),
      t('admin.withdrawals.email'),
      t('admin.withdrawals.amount_usdt'),
      t('admin.withdrawals.network'),
      t('admin.withdrawals.address'),
      t('admin.withdrawals.created'),
      t('admin.withdrawals.filter'),
      t('admin.withdrawals.processed'),
      t('admin.withdrawals.tx_hash_csv'),
      t('admin.withdrawals.failure_reason'),
    ],
    rows.map((row) => [
      row.member_full_name || t('admin.withdrawals.deleted_member'),
      row.member_email,
      csvNumber(row.amount),
      row.network,
      row.address,
      csvDateTime(row.created_at),
      t(WITHDRAWAL_STATUS_LABELS[row.status]),
      csvDateTime(row.processed_at),
      row.tx_hash,
      row.failure_reason,
    ]),
  );
}
