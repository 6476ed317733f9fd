import { useState } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';
import { formatOrderAmount } from '@/data/payments/format-order';
import type { PaymentStarted } from '@/data/payments/payment-page';
import { t } from '@/i18n/plans';

/**
 * The payment dialogs' success state: the order's reference with a copy button, where to give it
 * for the chosen method, what happens next, and the provider's page (a link when a popup blocker
 * refused the tab: the member's second click opens it). When the order replaced an older one (the
 * price changed), it says the old reference was cancelled and this one is new.
 */
export function PaymentOrderSuccess({ started, onClose }: { started: PaymentStarted; onClose: () => void }) {
  const { order, url, tabOpened, gateway } = started;
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(order.reference);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="mt-5 space-y-4" data-testid="payment-success">
      <p className="text-sm font-semibold text-ink">{t('payment.success_title')}</p>
      {order.replaces_order_id ? (
        <p className="rounded-lg border border-accent px-4 py-3 text-sm text-ink" data-testid="payment-replaced">
          {t('payment.replaced')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface-overlay px-4 py-3">
        <div>
          <p className="text-sm text-ink-muted">{t('payment.reference')}</p>
          <p className="font-mono text-xl font-bold tracking-wider text-ink" data-testid="payment-reference">
            {order.reference}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('payment.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {copied ? t('payment.copied') : ''}
      </p>
      <p className="text-sm text-ink">
        {t(gateway ? 'payment.next.gateway' : `payment.next.${order.method}`)}. {t('payment.amount')}:{' '}
        {formatOrderAmount(order.amount, order.currency)}.
      </p>
      <p className="text-sm text-ink-muted">{t(gateway ? 'payment.after_gateway' : 'payment.after')}</p>
      {tabOpened ? (
        <p className="text-xs text-ink-muted">{t('payment.tab_opened')}</p>
      ) : (
        <p className="text-sm text-ink">
          {t('payment.tab_blocked')}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClassName('primary', 'mt-2')}>
            {t('payment.open_page')}
          </a>
        </p>
      )}
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('payment.close')}</Button>
      </div>
    </div>
  );
}
