import { useConfirmPayment, useRejectPayment } from '@/data/payments/decide-payment';
import { formatOrderAmount } from '@/data/payments/format-order';
import type { AdminPaymentOrder } from '@/data/payments/list-payment-orders';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { confirmSchema, rejectSchema } from '../schemas/payment-decision.schema';

type PaymentDialogProps = { order: AdminPaymentOrder; onClose: () => void };

function orderDetails(order: AdminPaymentOrder): DecisionDetail[] {
  return [
    { label: t('admin.payments.reference'), value: order.reference, className: 'font-mono' },
    {
      label: t('admin.payments.member'),
      value: order.member_email ?? t('admin.withdrawals.deleted_member'),
      className: 'break-all',
    },
    { label: t('admin.payments.item'), value: order.item_label },
    { label: t('admin.payments.method'), value: t(`payment.method_short.${order.method}`) },
    { label: t('admin.payments.amount'), value: formatOrderAmount(order.amount, order.currency) },
  ];
}

/** The toast of a decision: what it did, or that another admin (or an earlier click) had decided first. */
const decided =
  (order: AdminPaymentOrder, done: AdminAreaMessageKey) =>
  ({ changed }: { changed: boolean }) =>
    t(changed ? done : 'admin.payments.already_decided', { reference: order.reference });

/** Confirms a pending order: the amount actually received (the order's by default) and, for USDT, the hash. */
export function ConfirmPaymentDialog({ order, onClose }: PaymentDialogProps) {
  const confirm = useConfirmPayment();
  return (
    <DecisionDialog
      title={t('admin.payments.confirm_title')}
      details={orderDetails(order)}
      fields={[
        {
          name: 'amountReceived',
          label: t('admin.payments.amount_received', { currency: order.currency }),
          kind: 'amount',
        },
        ...(order.method === 'usdt'
          ? [{ name: 'txHash', label: t('admin.payments.tx_hash'), kind: 'hash' } as const]
          : []),
      ]}
      schema={confirmSchema}
      defaultValues={{ amountReceived: String(order.amount), txHash: '' }}
      decide={({ amountReceived, txHash }) =>
        confirm.mutateAsync({
          id: order.id,
          userId: order.user_id,
          amountReceived: amountReceived === '' ? null : Number(amountReceived.replace(',', '.')),
          txHash: txHash === '' ? null : txHash,
        })
      }
      doneMessage={decided(order, 'admin.payments.confirmed_done')}
      failure="admin.payments.confirm_failed"
      submitLabel={t('admin.payments.confirm')}
      onClose={onClose}
    />
  );
}

/** Rejects a pending order with a reason the member sees in the notification, the e-mail and the list. */
export function RejectPaymentDialog({ order, onClose }: PaymentDialogProps) {
  const reject = useRejectPayment();
  return (
    <DecisionDialog
      title={t('admin.payments.reject_title')}
      details={orderDetails(order)}
      fields={[{ name: 'reason', label: t('admin.payments.reason'), kind: 'reason' }]}
      schema={rejectSchema}
      defaultValues={{ reason: '' }}
      decide={({ reason }) => reject.mutateAsync({ id: order.id, userId: order.user_id, reason })}
      doneMessage={decided(order, 'admin.payments.rejected_done')}
      failure="admin.payments.reject_failed"
      submitLabel={t('admin.payments.reject')}
      onClose={onClose}
    />
  );
}
