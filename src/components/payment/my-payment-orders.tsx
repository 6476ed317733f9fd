import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useCancelPaymentOrder } from '@/data/payments/cancel-payment-order';
import { formatOrderAmount } from '@/data/payments/format-order';
import { useMyPaymentOrders, type MyPaymentOrder } from '@/data/payments/get-my-payment-orders';
import { t, type PlansMessageKey } from '@/i18n/plans';
import { toUserMessage } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';

const STATUS_TEXT: Record<MyPaymentOrder['status'], PlansMessageKey> = {
  pending: 'payment.status.pending',
  paid: 'payment.status.paid',
  rejected: 'payment.status.rejected',
  cancelled: 'payment.status.cancelled',
  expired: 'payment.status.expired',
  underpaid: 'payment.status.underpaid',
  to_refund: 'payment.status.to_refund',
  refunded: 'payment.status.refunded',
};

const STATUS_TONE: Record<MyPaymentOrder['status'], string> = {
  pending: 'text-accent',
  paid: 'text-success',
  rejected: 'text-danger',
  cancelled: 'text-ink-muted',
  expired: 'text-ink-muted',
  underpaid: 'text-danger',
  to_refund: 'text-danger',
  refunded: 'text-ink-muted',
};

function OrderRow({ order }: { order: MyPaymentOrder }) {
  const cancel = useCancelPaymentOrder();
  const toast = useToast();
  const pending = cancel.isPending && cancel.variables === order.id;

  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => toast.show(t('payment.cancelled_toast', { reference: order.reference }), 'success'),
      onError: (error) => toast.show(toUserMessage(error), 'error'),
    });

  return (
    <li className="space-y-1 py-3" data-order-reference={order.reference}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-ink">
          {order.item_label}{' '}
          <span className="text-sm font-normal text-ink-muted">
            · {t(`payment.method_short.${order.method}`)} · {formatOrderAmount(order.amount, order.currency)}
          </span>
        </p>
        <p className={`text-sm font-medium ${STATUS_TONE[order.status]}`}>{t(STATUS_TEXT[order.status])}</p>
      </div>
      <p className="text-sm text-ink-muted">
        <span className="sr-only">{t('payment.column.reference')}: </span>
        <span className="font-mono text-ink">{order.reference}</span>
        {' · '}
        <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
        {order.status === 'paid' && order.decided_at ? (
          <> · {t('payment.paid_on', { date: formatDate(order.decided_at) })}</>
        ) : null}
      </p>
      {order.status === 'rejected' && order.rejection_reason ? (
        <p className="text-sm text-danger">{t('payment.reason', { reason: order.rejection_reason })}</p>
      ) : null}
      {order.status === 'pending' ? (
        <Button
          variant="ghost"
          className="-ml-3"
          onClick={onCancel}
          disabled={pending}
          aria-busy={pending || undefined}
          aria-label={t('payment.cancel_label', { reference: order.reference })}
        >
          {pending ? t('common.processing') : t('payment.cancel')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * 'Moje płatności' (issue 19): the member's orders, newest first — item, method, amount, reference,
 * status in Polish, dates and the rejection reason; a pending order can be cancelled. The plans page
 * and the CCC page show the same list (one cache, data/payments).
 */
export function MyPaymentOrders() {
  const orders = useMyPaymentOrders();
  return (
    <Card title={t('payment.my_orders')} id="moje-platnosci">
      <QueryStates
        query={orders}
        loadingLabel={t('payment.my_orders_loading')}
        errorMessage={t('payment.my_orders_failed')}
        isEmpty={noRows}
        empty={t('payment.my_orders_empty')}
      >
        {(data) => (
          <ul className="divide-y divide-surface-border">
            {data.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </QueryStates>
    </Card>
  );
}
