import type { AdminPaymentOrder, PaymentOrderStatus } from '@/data/payments/list-payment-orders';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { csvDateTime, csvNumber, toCsv } from '@/lib/csv';

export const PAYMENT_STATUS_LABELS: Record<PaymentOrderStatus, MessageKey> = {
  pending: 'payment.status.pending',
  paid: 'payment.status.paid',
  rejected: 'payment.status.rejected',
  cancelled: 'payment.status.cancelled',
  expired: 'payment.status.expired',
  underpaid: 'payment.status.underpaid',
  to_refund: 'payment.status.to_refund',
  refunded: 'payment.status.refunded',
};

/** The payments CSV: one row per order as the filters show it, with the decision's details. */
export function paymentsCsv(rows: readonly AdminPaymentOrder[]): string {
  return toCsv(
    [
      t('admin.payments.reference'),
      t('admin.payments.member'),
      t('admin.payments.email'),
      t('admin.payments.phone'),
      t('admin.payments.item'),
      t('admin.payments.method'),
      t('admin.payments.amount'),
      t('admin.payments.currency'),
      t('admin.payments.created'),
      t('admin.payments.status'),
      t('admin.payments.decided'),
      t('admin.payments.amount_received_csv'),
      t('admin.payments.tx_hash_csv'),
      t('admin.payments.rejection_reason'),
    ],
    rows.map((row) => [
      row.reference,
      row.member_full_name,
      row.member_email,
      row.member_phone,
      row.item_label,
      t(`payment.method_short.${row.method}`),
      csvNumber(row.amount),
      row.currency,
      csvDateTime(row.created_at),
      t(PAYMENT_STATUS_LABELS[row.status]),
      csvDateTime(row.decided_at),
      csvNumber(row.amount_received),
      row.tx_hash,
      row.rejection_reason,
    ]),
  );
}
