import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMyPaymentOrders } from '@/data/payments/get-my-payment-orders';
import { t } from '@/i18n/plans';
import { formatDate } from '@/lib/format';

/** How long the page waits for the confirmation before it says the payment is still being checked. */
export const STILL_PENDING_AFTER_MS = 45_000;
/** While waiting, the member's orders are read again this often (the confirmation notification, over
 * Realtime, refreshes them at once; this covers a channel that is not up yet). */
const POLL_MS = 2_000;
const SLOW_POLL_MS = 15_000;

/**
 * The payment gateway's return page (issue 36), on /dashboard/investments?platnosc=KLB-XXXXXX:
 * 'Dziękujemy — sprawdzamy płatność' and the order's status live, until it is paid (the item and its
 * end date: the header's badge changes with it, refresh-after-notification.ts) or clearly still
 * pending (what happens then and what to do).
 */
export function PaymentReturn({ reference }: { reference: string }) {
  const [waitedLong, setWaitedLong] = useState(false);
  // Read again while the order is pending (stops once it is decided or not the member's at all).
  const orders = useMyPaymentOrders({
    refetchInterval: (rows) => {
      const current = rows?.find((row) => row.reference === reference);
      if (rows && (!current || current.status !== 'pending')) return false;
      return waitedLong ? SLOW_POLL_MS : POLL_MS;
    },
  });
  const order = orders.data?.find((row) => row.reference === reference);

  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedLong(true), STILL_PENDING_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [reference]);

  let message: string;
  if (orders.isError && !orders.data) message = t('payment.return.failed');
  else if (!orders.data) message = t('payment.return.checking', { reference });
  else if (!order) message = t('payment.return.not_found', { reference });
  else if (order.status === 'paid') {
    message = order.membership_valid_until
      ? t('payment.return.paid_until', {
          reference,
          item: order.item_label,
          date: formatDate(order.membership_valid_until),
        })
      : t('payment.return.paid', { reference, item: order.item_label });
  } else if (order.status === 'pending') {
    message = waitedLong
      ? t('payment.return.still_pending', { reference })
      : t('payment.return.checking', { reference });
  } else message = t('payment.return.closed', { reference, status: t(`payment.status.${order.status}`) });
  const waiting = !order || order.status === 'pending';

  return (
    <Card title={t('payment.return.title')} data-testid="payment-return">
      <div className="flex items-start gap-3">
        {waiting && !waitedLong && !(orders.data && !order) ? <Spinner className="mt-0.5 h-5 w-5 shrink-0" /> : null}
        <p role="status" className="text-ink">
          {order?.status === 'paid' ? (
            <>
              <strong className="text-success">{t('payment.status.paid')}</strong>{' '}
            </>
          ) : null}
          {message}
        </p>
      </div>
    </Card>
  );
}
