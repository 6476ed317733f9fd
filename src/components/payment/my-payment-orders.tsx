import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useCancelPaymentOrder } from '@/data/payments/cancel-payment-order';
import { describePlanPeriod, formatOrderAmount } from '@/data/payments/format-order';
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

/** What came in and what happens to it: expiry, shortfall, surplus, refund (with its reason). */
function OrderMoney({ order }: { order: MyPaymentOrder }) {
  const amount = (value: number | null) => formatOrderAmount(value ?? 0, order.currency);
  const received = amount(order.amount_received);
  let text: string | null = null;
  let tone = 'text-ink-muted';
  if (order.status === 'pending' && order.expires_at) {
    text = t('payment.expires_on', { date: formatDateTime(order.expires_at) });
  } else if (order.status === 'expired' && order.expires_at) {
    text = t('payment.expired_on', { date: formatDateTime(order.expires_at) });
  } else if (order.status === 'underpaid') {
    text = t('payment.received_short', { received, shortfall: amount(order.shortfall) });
    tone = 'text-danger';
  } else if (order.status === 'to_refund') {
    text = t('payment.to_refund', { received });
  } else if (order.status === 'paid' && order.surplus && order.surplus > 0) {
    text = t('payment.surplus', { received, surplus: amount(order.surplus) });
  } else if (order.status === 'refunded' && order.refunded_at) {
    text = t('payment.refunded_on', {
      amount: amount(order.amount_received ?? order.amount),
      date: formatDate(order.refunded_at),
    });
  }
  // A paid plan: the period its confirmation gave, in the words of the plan dialog.
  const period =
    order.status === 'paid' && order.plan_tier && order.period_first_day
      ? describePlanPeriod({
          tier: order.plan_tier,
          first_day: order.period_first_day,
          last_day: order.period_last_day,
          extra_days: order.period_extra_days ?? 0,
          from_level: order.period_from_level,
        })
      : null;
  return (
    <>
      {period ? (
        <p className="text-sm text-ink" data-testid="order-period">
          {period}
        </p>
      ) : null}
      {text ? <p className={`text-sm ${tone}`}>{text}</p> : null}
      {order.status === 'refunded' && order.refund_reason ? (
        <p className="text-sm text-ink-muted">{t('payment.reason', { reason: order.refund_reason })}</p>
      ) : null}
    </>
  );
}

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
      <OrderMoney order={order} />
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
 * status in Polish, dates and the rejection reason; when a pending order expires, what came in
 * (shortfall, surplus, to be refunded) and a refund with its date and reason; a pending order can be cancelled. The plans page
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
