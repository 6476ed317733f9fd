import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import { formatOrderAmount } from '@/data/payments/format-order';
import {
  listPaymentOrdersRange,
  PAYMENTS_PAGE_SIZE,
  useAdminPaymentOrders,
  type AdminPaymentOrder,
  type PaymentOrderStatus,
} from '@/data/payments/list-payment-orders';
import { PAYMENT_METHODS, type PaymentMethod } from '@/data/payments/payment-page';
import { t } from '@/i18n/admin';
import { collectPages } from '@/lib/csv';
import { formatDateTime } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { useDebouncedSearch, useUrlState } from '@/lib/use-url-state';
import { Pagination } from '../../shared/components/pagination';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { PAYMENT_STATUS_LABELS, paymentsCsv, refundMethodLabel } from '../utils/payments-csv';
import { ordersListParams, PAYMENTS_URL_STATE } from '../utils/url-state';
import { ConfirmPaymentDialog, RefundPaymentDialog, RejectPaymentDialog, TAKES_MONEY } from './payment-decision-dialog';
import { PaymentEventsDialog } from './payment-events-dialog';
import { PaymentSettingsForm } from './payment-settings-form';

const STATUS_LABELS = PAYMENT_STATUS_LABELS;

const SEARCH_DEBOUNCE_MS = 300;

type Modal = { kind: 'confirm' | 'reject' | 'refund' | 'events'; order: AdminPaymentOrder } | null;

/** The statuses whose money came in and can go back (admin_refund_payment). */
const REFUNDABLE: readonly PaymentOrderStatus[] = ['paid', 'underpaid', 'to_refund'];

/** Etherscan's page of a USDT (ERC20) transaction. */
const explorerTx = (hash: string) => `https://etherscan.io/tx/${hash}`;

function Outcome({ order }: { order: AdminPaymentOrder }) {
  const amount = (value: number) => formatOrderAmount(value, order.currency);
  const received = order.amount_received ?? (order.status === 'paid' ? order.amount : null);
  const lines: string[] = [];
  if (received !== null && order.status !== 'pending')
    lines.push(t('admin.payments.received', { amount: amount(received) }));
  if (order.shortfall && order.shortfall > 0)
    lines.push(t('admin.payments.shortfall', { amount: amount(order.shortfall) }));
  if (order.surplus && order.surplus > 0) lines.push(t('admin.payments.surplus', { amount: amount(order.surplus) }));
  if (order.status === 'pending' && order.expires_at)
    lines.push(t('admin.payments.expires', { date: formatDateTime(order.expires_at) }));
  if (order.status === 'refunded' && order.refunded_at) {
    lines.push(
      t('admin.payments.refunded_info', {
        date: formatDateTime(order.refunded_at),
        method: refundMethodLabel(order.refund_method) ?? '',
        reference: order.refund_reference,
      }),
    );
    if (order.refund_reason) lines.push(order.refund_reason);
  }
  if (order.status === 'rejected' && order.rejection_reason) lines.push(order.rejection_reason);
  if (lines.length === 0 && !order.tx_hash) return null;
  return (
    <span className="block text-xs">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
      {order.tx_hash ? (
        <a
          href={explorerTx(order.tx_hash)}
          target="_blank"
          rel="noopener noreferrer"
          className="block break-all font-mono text-accent underline-offset-4 hover:underline"
          aria-label={t('admin.payments.tx_link', { hash: order.tx_hash })}
        >
          {order.tx_hash.slice(0, 10)}…
        </a>
      ) : null}
    </span>
  );
}

/**
 * 'Płatności' tab (issue 19): members' orders newest first, by status and method, searched by
 * reference, name, e-mail or phone; a pending order is confirmed (amount received, USDT hash) or
 * rejected with a reason; an underpaid order takes its second payment ('Dopłata') and an expired,
 * cancelled or rejected one money that came late ('Wpłata'); a paid, underpaid or to-be-refunded
 * order is refunded ('Zwróć'). Each row
 * says what came in (shortfall, surplus), when a pending order expires and how a refund went back.
 * Below the list, the order settings (expiry days, daily limit). Same shape and states as the
 * payouts tab.
 */
export function PaymentsTab() {
  const [view, setView] = useUrlState(PAYMENTS_URL_STATE);
  const params = ordersListParams(view);
  const { page, ...filters } = params;
  const { status, method } = filters;
  const search = useDebouncedSearch(view.q, (q) => setView({ q }, { replace: true }), SEARCH_DEBOUNCE_MS);
  const orders = useAdminPaymentOrders(params);
  const [modal, setModal] = useState<Modal>(null);
  const { getClient } = useSupabase();

  /** The orders as the filters show them, every page (100 rows a request). */
  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    return paymentsCsv(
      await collectPages((offset, limit) => listPaymentOrdersRange(client, filters, offset, limit), 100, onProgress),
    );
  };

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.payments')}
        description={t('admin.payments.description')}
        action={<CsvExportButton fileName="platnosci.csv" build={buildCsv} disabled={!orders.data?.rows.length} />}
      />
      <div className="grid gap-4 md:grid-cols-3" role="search" aria-label={t('admin.payments.search_region')}>
        <TextField
          label={t('admin.payments.search')}
          type="search"
          value={search.term}
          onChange={(event) => search.setTerm(event.target.value)}
          placeholder={t('admin.payments.search_placeholder')}
        />
        <SelectField
          label={t('admin.payments.status')}
          value={status}
          onChange={(event) => setView({ status: (event.target.value || 'all') as PaymentOrderStatus | 'all' })}
          options={[
            { value: '', label: t('admin.payments.all') },
            ...(Object.keys(STATUS_LABELS) as PaymentOrderStatus[]).map((value) => ({
              value,
              label: t(STATUS_LABELS[value]),
            })),
          ]}
        />
        <SelectField
          label={t('admin.payments.method')}
          value={method}
          onChange={(event) => setView({ method: (event.target.value || null) as PaymentMethod | null })}
          options={[
            { value: '', label: t('admin.payments.all') },
            ...PAYMENT_METHODS.map((value) => ({ value, label: t(`payment.method_short.${value}`) })),
          ]}
        />
      </div>
      <QueryStates
        query={orders}
        loadingClassName="h-48"
        errorMessage={t('admin.payments.load_failed')}
        isEmpty={noPageRows}
        empty={t('admin.payments.empty')}
      >
        {(data) => (
          <Card>
            <div
              className="overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label={t('admin.payments')}
              aria-busy={orders.isFetching || undefined}
            >
              <table className="w-full min-w-[60rem] text-left text-sm">
                <caption className="sr-only">{t('admin.payments')}</caption>
                <TableHead
                  columns={[
                    t('admin.payments.reference'),
                    t('admin.payments.member'),
                    t('admin.payments.item'),
                    t('admin.payments.method'),
                    t('admin.payments.amount'),
                    t('admin.payments.created'),
                    t('admin.payments.status'),
                    t('admin.actions'),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {data.rows.map((row) => (
                    <tr key={row.id} data-order-reference={row.reference}>
                      <th scope="row" className="py-2 pr-3 font-mono font-medium text-ink">
                        {row.reference}
                      </th>
                      <td className="py-2 pr-3">
                        {row.member_full_name || row.member_email || t('admin.withdrawals.deleted_member')}
                        {row.member_full_name && row.member_email ? (
                          <span className="block text-xs text-ink-muted">{row.member_email}</span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">{row.item_label}</td>
                      <td className="py-2 pr-3">{t(`payment.method_short.${row.method}`)}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatOrderAmount(row.amount, row.currency)}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                      <td className="py-2 pr-3">{t(STATUS_LABELS[row.status])}</td>
                      <td className="py-2">
                        {row.status === 'pending' ? (
                          <div className="flex flex-wrap gap-1">
                            <Button
                              className="px-2 py-1"
                              aria-label={t('admin.payments.confirm_label', { reference: row.reference })}
                              onClick={() => setModal({ kind: 'confirm', order: row })}
                            >
                              {t('admin.payments.confirm')}
                            </Button>
                            <Button
                              variant="secondary"
                              className="px-2 py-1"
                              aria-label={t('admin.payments.reject_label', { reference: row.reference })}
                              onClick={() => setModal({ kind: 'reject', order: row })}
                            >
                              {t('admin.payments.reject')}
                            </Button>
                          </div>
                        ) : TAKES_MONEY.includes(row.status) ? (
                          // Money for an order that is not pending any more: the second payment of an
                          // underpaid one, or money that came late (taken or set aside for a refund).
                          <Button
                            variant="secondary"
                            className="px-2 py-1"
                            aria-label={t(
                              row.status === 'underpaid'
                                ? 'admin.payments.top_up_label'
                                : 'admin.payments.late_payment_label',
                              { reference: row.reference },
                            )}
                            onClick={() => setModal({ kind: 'confirm', order: row })}
                          >
                            {t(row.status === 'underpaid' ? 'admin.payments.top_up' : 'admin.payments.late_payment')}
                          </Button>
                        ) : null}
                        {row.status !== 'pending' || row.expires_at ? <Outcome order={row} /> : null}
                        {REFUNDABLE.includes(row.status) ? (
                          <Button
                            variant="secondary"
                            className="mt-1 px-2 py-1"
                            aria-label={t('admin.payments.refund_label', { reference: row.reference })}
                            onClick={() => setModal({ kind: 'refund', order: row })}
                          >
                            {t('admin.payments.refund')}
                          </Button>
                        ) : null}
                        {/* A PLN transfer may have gone through Przelewy24: its gateway log. */}
                        {row.method === 'transfer' && row.currency === 'PLN' ? (
                          <Button
                            variant="ghost"
                            className="mt-1 px-2 py-1"
                            aria-label={t('admin.payments.events_label', { reference: row.reference })}
                            onClick={() => setModal({ kind: 'events', order: row })}
                          >
                            {t('admin.payments.events')}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageSize={PAYMENTS_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setView({ page: next + 1 })}
              label={t('admin.payments.pages')}
            />
          </Card>
        )}
      </QueryStates>
      {modal?.kind === 'confirm' ? <ConfirmPaymentDialog order={modal.order} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'reject' ? <RejectPaymentDialog order={modal.order} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'refund' ? <RefundPaymentDialog order={modal.order} onClose={() => setModal(null)} /> : null}
      {modal?.kind === 'events' ? <PaymentEventsDialog order={modal.order} onClose={() => setModal(null)} /> : null}
      <PaymentSettingsForm />
    </section>
  );
}
