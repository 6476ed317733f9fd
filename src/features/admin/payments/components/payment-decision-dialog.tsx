import { useConfirmPayment, useRejectPayment } from '@/data/payments/decide-payment';
import { formatOrderAmount } from '@/data/payments/format-order';
import type { AdminPaymentOrder, PaymentOrderStatus } from '@/data/payments/list-payment-orders';
import { REFUND_METHODS, useRefundPayment } from '@/data/payments/refund-payment';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';
import { Constants, type Enums } from '@/types/database.types';
import { DecisionDialog, type DecisionDetail } from '../../shared/components/decision-dialog';
import { confirmSchema, rejectSchema } from '../schemas/payment-decision.schema';
import { refundSchema } from '../schemas/payment-refund.schema';

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

/** The statuses whose order still takes money (admin_confirm_payment): see ConfirmPaymentDialog. */
export const TAKES_MONEY: readonly PaymentOrderStatus[] = [
  'pending',
  'underpaid',
  'expired',
  'cancelled',
  'rejected',
  'to_refund',
];

const USDT_NETWORKS = Constants.public.Enums.withdrawal_network.map((value) => ({ value, label: value }));

/**
 * Records money received for an order through the one confirmation: a pending order (the amount
 * received, the order's by default), the second payment of an underpaid one (what is still due by
 * default, with what came so far), or money that came late for an expired, cancelled or rejected
 * one (its fixed price; the dialog says what will happen). For USDT the transaction: hash and network.
 */
export function ConfirmPaymentDialog({ order, onClose }: PaymentDialogProps) {
  const confirm = useConfirmPayment();
  const amount = (value: number) => formatOrderAmount(value, order.currency);
  const mode = order.status === 'pending' ? 'confirm' : order.status === 'underpaid' ? 'top_up' : 'late';
  const extra: DecisionDetail[] =
    mode === 'top_up'
      ? [
          { label: t('admin.payments.received_so_far'), value: amount(order.amount_received ?? 0) },
          { label: t('admin.payments.still_due'), value: amount(order.shortfall ?? 0) },
          { label: t('admin.payments.outcome'), value: t('admin.payments.outcome_top_up') },
        ]
      : mode === 'late'
        ? [
            {
              label: t('admin.payments.outcome'),
              value: t(
                order.status === 'rejected' || order.status === 'to_refund'
                  ? 'admin.payments.outcome_refund'
                  : 'admin.payments.outcome_late',
              ),
            },
          ]
        : [];
  const due = mode === 'top_up' ? (order.shortfall ?? order.amount) : order.amount;
  return (
    <DecisionDialog
      title={t(
        mode === 'confirm'
          ? 'admin.payments.confirm_title'
          : mode === 'top_up'
            ? 'admin.payments.top_up_title'
            : 'admin.payments.late_payment_title',
      )}
      details={[...orderDetails(order), ...extra]}
      fields={[
        {
          name: 'amountReceived',
          label: t('admin.payments.amount_received', { currency: order.currency }),
          kind: 'amount',
        },
        ...(order.method === 'usdt'
          ? ([
              { name: 'txHash', label: t('admin.payments.tx_hash'), kind: 'hash' },
              { name: 'network', label: t('admin.payments.network'), kind: 'choice', options: USDT_NETWORKS },
            ] as const)
          : []),
      ]}
      schema={confirmSchema}
      defaultValues={{ amountReceived: String(due), txHash: '', network: '' }}
      decide={({ amountReceived, txHash, network }) =>
        confirm.mutateAsync({
          id: order.id,
          userId: order.user_id,
          amountReceived: amountReceived === '' ? null : Number(amountReceived.replace(',', '.')),
          txHash: txHash === '' ? null : txHash,
          network: txHash === '' || network === '' ? null : (network as Enums<'withdrawal_network'>),
        })
      }
      doneMessage={decided(
        order,
        mode === 'confirm' ? 'admin.payments.confirmed_done' : 'admin.payments.recorded_done',
      )}
      failure="admin.payments.confirm_failed"
      submitLabel={t(
        mode === 'confirm'
          ? 'admin.payments.confirm'
          : mode === 'top_up'
            ? 'admin.payments.top_up_title'
            : 'admin.payments.late_payment_title',
      )}
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

/**
 * Refunds what came in for a paid, underpaid or to-be-refunded order: a required reason (the member
 * sees it), how the money went back and the transfer's title or the transaction's hash.
 */
export function RefundPaymentDialog({ order, onClose }: PaymentDialogProps) {
  const refund = useRefundPayment();
  return (
    <DecisionDialog
      title={t('admin.payments.refund_title')}
      details={[
        ...orderDetails(order),
        {
          label: t('admin.payments.refund_amount'),
          value: formatOrderAmount(order.amount_received ?? order.amount, order.currency),
        },
      ]}
      fields={[
        { name: 'reason', label: t('admin.payments.refund_reason'), kind: 'reason' },
        {
          name: 'method',
          label: t('admin.payments.refund_method'),
          kind: 'choice',
          options: REFUND_METHODS.map((value) => ({ value, label: t(`admin.payments.refund_method.${value}`) })),
        },
        { name: 'reference', label: t('admin.payments.refund_reference'), kind: 'text' },
      ]}
      schema={refundSchema}
      defaultValues={{ reason: '', reference: '' }}
      decide={({ reason, method, reference }) =>
        refund.mutateAsync({ id: order.id, userId: order.user_id, reason, method, reference })
      }
      doneMessage={({ changed }) =>
        t(changed ? 'admin.payments.refunded_done' : 'admin.payments.already_refunded', { reference: order.reference })
      }
      failure="admin.payments.refund_failed"
      submitLabel={t('admin.payments.refund')}
      onClose={onClose}
    />
  );
}
