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

/** The ways a refund went back (admin_refund_payment's p_method). */
export const REFUND_METHOD_KEYS: Record<string, MessageKey> = {
  transfer: 'admin.payments.refund_method.transfer',
  usdt: 'admin.payments.refund_method.usdt',
  acc: 'admin.payments.refund_method.acc',
  other: 'admin.payments.refund_method.other',
};

function label(keys: Record<string, MessageKey>, value: string | null): string | null {
  if (value === null) return null;
  const key = keys[value];
  return key ? t(key) : value;
}

/** How a refund went back, in Polish ('Przelew', 'Inny'…). */
export const refundMethodLabel = (method: string | null) => label(REFUND_METHOD_KEYS, method);

const DECIDED_VIA_KEYS: Record<string, MessageKey> = {
  admin: 'admin.payments.decided_via.admin',
  gateway: 'admin.payments.decided_via.gateway',
  chain: 'admin.payments.decided_via.chain',
};

/** The payments CSV: one row per order as the filters show it, with the decision's details, what came in and the refund. */
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
      t('admin.payments.shortfall_csv'),
      t('admin.payments.surplus_csv'),
      t('admin.payments.decided_via_csv'),
      t('admin.payments.network_csv'),
      t('admin.payments.expires_csv'),
      t('admin.payments.refunded_at_csv'),
      t('admin.payments.refund_method_csv'),
      t('admin.payments.refund_reference_csv'),
      t('admin.payments.refund_reason_csv'),
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
      csvNumber(row.shortfall),
      csvNumber(row.surplus),
      label(DECIDED_VIA_KEYS, row.decided_via),
      row.network,
      csvDateTime(row.expires_at),
      csvDateTime(row.refunded_at),
      label(REFUND_METHOD_KEYS, row.refund_method),
      row.refund_reference,
      row.refund_reason,
    ]),
  );
}
