import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import type { AdminPaymentOrder } from '@/data/payments/list-payment-orders';
import { usePaymentEvents } from '@/data/payments/list-payment-events';
import { t } from '@/i18n/admin';
import { formatDateTime } from '@/lib/format';
import { TableHead } from '../../shared/components/table-head';

/**
 * An order's detail for the payment gateway (issue 36): its append-only Przelewy24 log, oldest first:
 * what was registered, each notification with whether its sign was valid, each verify call and
 * lookup, and the confirmation, with the HTTP status, the raw bodies and the request id.
 */
export function PaymentEventsDialog({ order, onClose }: { order: AdminPaymentOrder; onClose: () => void }) {
  const events = usePaymentEvents(order.id);
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={t('admin.payments.events_title', { reference: order.reference })}
      description={t('admin.payments.events_description')}
    >
      <div className="mt-4 space-y-4">
        <QueryStates
          query={events}
          loadingLabel={t('admin.payments.events_loading')}
          errorMessage={t('admin.payments.events_failed')}
          isEmpty={noRows}
          empty={t('admin.payments.events_empty')}
        >
          {(rows) => (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.payments.events_table')}>
              <table className="w-full text-left text-sm text-ink">
                <caption className="sr-only">{t('admin.payments.events_table')}</caption>
                <TableHead
                  columns={[
                    t('admin.payments.events_time'),
                    t('admin.payments.events_kind'),
                    t('admin.payments.events_outcome'),
                    t('admin.payments.events_signature'),
                    t('admin.payments.events_http'),
                    t('admin.payments.events_body'),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {rows.map((event) => (
                    <tr key={event.id}>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(event.created_at)}</td>
                      <th scope="row" className="py-2 pr-3 font-mono font-medium">
                        {event.kind}
                        {event.session_id ? (
                          <span className="block text-xs text-ink-muted">{event.session_id}</span>
                        ) : null}
                      </th>
                      <td className="py-2 pr-3 font-mono">
                        {event.outcome}
                        {event.error ? <span className="block text-xs text-ink-muted">{event.error}</span> : null}
                      </td>
                      <td className="py-2 pr-3">
                        {event.signature_valid === null
                          ? '–'
                          : t(
                              event.signature_valid
                                ? 'admin.payments.events_signature_valid'
                                : 'admin.payments.events_signature_invalid',
                            )}
                      </td>
                      <td className="py-2 pr-3">{event.http_status ?? '–'}</td>
                      <td className="py-2">
                        {event.request_body || event.response_body ? (
                          <details>
                            <summary className="cursor-pointer text-accent">
                              {t('admin.payments.events_show_body')}
                            </summary>
                            <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-all text-xs text-ink-muted">
                              {[event.request_body, event.response_body, event.request_id].filter(Boolean).join('\n\n')}
                            </pre>
                          </details>
                        ) : (
                          '–'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('admin.payments.events_close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
