import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import type { MoneyInRow, PayoutMonth } from '@/data/finance/finance-overview.schema';
import { useFinanceOverview } from '@/data/finance/get-finance-overview';
import { UNPAID_COMMISSIONS_PAGE_SIZE, useUnpaidCommissions } from '@/data/referral/list-unpaid-commissions';
import { t } from '@/i18n/admin';
import { csvNumber, toCsv } from '@/lib/csv';
import { formatDate, formatDateTime, formatDecimal, formatInteger, formatUSDT } from '@/lib/format';
import { Pagination } from '../../shared/components/pagination';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { SettleCommissionsDialog, type SettlementTarget } from './settle-commissions-dialog';

const { admin } = paths.dashboard;
const money = (value: number, currency: string) =>
  currency === 'USDT' ? formatUSDT(value) : `${formatDecimal(value, 2)} zł`;
const pln = (value: number) => money(value, 'PLN');

/** The list behind a figure: an admin tab with its URL filters. */
const withdrawalsHref = (status: 'pending' | 'processing') =>
  status === 'pending' ? admin.withdrawals.path : `${admin.withdrawals.path}?status=processing`;
const paymentsHref = (status: string, method: string) => `${admin.payments.path}?status=${status}&method=${method}`;

/** A figure of the liabilities: its label, its value as the link to the list behind it, and a line of detail. */
function Figure({ label, value, href, detail }: { label: string; value: string; href?: string; detail?: ReactNode }) {
  return (
    <div className="rounded-lg border border-surface-border p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-ink">
        {href?.startsWith('#') ? (
          <a href={href} className="underline decoration-accent/60 underline-offset-4 hover:text-accent">
            {value}
          </a>
        ) : href ? (
          <Link to={href} className="underline decoration-accent/60 underline-offset-4 hover:text-accent">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      {detail ? <dd className="mt-1 text-xs text-ink-muted">{detail}</dd> : null}
    </div>
  );
}

const STATES = ['paid', 'underpaid', 'to_refund', 'refunded'] as const;

function moneyInCsv(rows: readonly MoneyInRow[]): string {
  return toCsv(
    [
      t('admin.finance.month'),
      t('admin.finance.method'),
      t('admin.finance.currency'),
      ...STATES.flatMap((state) => [
        `${t(`admin.finance.state.${state}`)}: ${t('admin.finance.orders')}`,
        `${t(`admin.finance.state.${state}`)}: ${t('admin.finance.amount')}`,
      ]),
    ],
    rows.map((row) => [
      row.month,
      t(`payment.method_short.${row.method}`),
      row.currency,
      ...STATES.flatMap((state) => [row[state].orders, csvNumber(row[state].amount)]),
    ]),
  );
}

function payoutsCsv(rows: readonly PayoutMonth[]): string {
  return toCsv(
    [
      t('admin.finance.month'),
      t('admin.finance.payout_runs'),
      t('admin.payouts.members'),
      t('admin.finance.credited_usdt'),
      t('admin.finance.credited_pln'),
      t('admin.finance.remainder_pln'),
      t('admin.finance.settled_commissions'),
      t('admin.finance.settled_pln'),
      t('admin.finance.settled_usdt'),
    ],
    rows.map((row) => [
      row.month,
      row.runs,
      row.members,
      csvNumber(row.credited_usdt),
      csvNumber(row.credited_pln),
      csvNumber(row.remainder_pln),
      row.commissions,
      csvNumber(row.settled_pln),
      csvNumber(row.settled_usdt),
    ]),
  );
}

/**
 * 'Finanse' (issue 35 §4): what the club owes now (members' available balances, the money in
 * withdrawal, pending and claimed withdrawals, commissions 'Do wypłaty'), the money in by month,
 * method and currency, and the payouts by month, from one read; each figure links to the list
 * behind it, the monthly tables download as CSV. Below: the commissions owed per referrer, settled
 * one by one or all at once ('Wypłać prowizje').
 */
export function FinanceTab() {
  const overview = useFinanceOverview();
  const [page, setPage] = useState(0);
  const unpaid = useUnpaidCommissions(page);
  const [settling, setSettling] = useState<SettlementTarget | null>(null);

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.finance')} description={t('admin.finance.description')} />
      <QueryStates query={overview} loadingClassName={['h-40', 'h-64']} errorMessage={t('admin.finance.load_failed')}>
        {(data) => {
          const { liabilities: l } = data;
          return (
            <>
              <Card title={t('admin.finance.liabilities')}>
                <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="finance-liabilities">
                  <Figure
                    label={t('admin.finance.available')}
                    value={formatUSDT(l.available)}
                    detail={t('admin.finance.available_detail', { wallets: formatInteger(l.wallets) })}
                  />
                  <Figure
                    label={t('admin.finance.in_withdrawal')}
                    value={formatUSDT(l.in_withdrawal)}
                    detail={t('admin.finance.in_withdrawal_detail')}
                  />
                  <Figure
                    label={t('admin.finance.pending')}
                    value={t('admin.finance.withdrawals_count', { count: formatInteger(l.pending.count) })}
                    href={withdrawalsHref('pending')}
                    detail={
                      <>
                        {formatUSDT(l.pending.amount)}
                        {l.pending.oldest
                          ? ` · ${t('admin.finance.oldest', { date: formatDateTime(l.pending.oldest) })}`
                          : ''}
                      </>
                    }
                  />
                  <Figure
                    label={t('admin.finance.processing')}
                    value={t('admin.finance.withdrawals_count', { count: formatInteger(l.processing.count) })}
                    href={withdrawalsHref('processing')}
                    detail={
                      <>
                        {formatUSDT(l.processing.amount)}
                        {l.processing.oldest_claim
                          ? ` · ${t('admin.finance.oldest_claim', { date: formatDateTime(l.processing.oldest_claim) })}`
                          : ''}
                      </>
                    }
                  />
                  <Figure
                    label={t('admin.finance.commissions')}
                    value={pln(l.commissions.total_pln)}
                    href="#prowizje"
                    detail={t('admin.finance.commissions_detail', {
                      count: formatInteger(l.commissions.count),
                      members: formatInteger(l.commissions.members),
                    })}
                  />
                </dl>
              </Card>
              <Card
                title={t('admin.finance.money_in')}
                actions={
                  <CsvExportButton
                    fileName="wplywy-miesiecznie.csv"
                    build={() => Promise.resolve(moneyInCsv(data.money_in))}
                    disabled={data.money_in.length === 0}
                  />
                }
              >
                {data.money_in.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t('admin.finance.money_in_empty')}</p>
                ) : (
                  <div
                    className="overflow-x-auto"
                    tabIndex={0}
                    role="region"
                    aria-label={t('admin.finance.table_label', { name: t('admin.finance.money_in') })}
                  >
                    <table className="w-full text-left text-sm">
                      <TableHead
                        columns={[
                          t('admin.finance.month'),
                          t('admin.finance.method'),
                          ...STATES.map((state) => t(`admin.finance.state.${state}`)),
                        ]}
                      />
                      <tbody className="divide-y divide-surface-border">
                        {data.money_in.map((row) => (
                          <tr key={`${row.month}-${row.method}-${row.currency}`}>
                            <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-ink">
                              {row.month}
                            </th>
                            <td className="py-2 pr-3 whitespace-nowrap">
                              {t(`payment.method_short.${row.method}`)} ({row.currency})
                            </td>
                            {STATES.map((state) => (
                              <td key={state} className="py-2 pr-3 whitespace-nowrap tabular-nums">
                                {row[state].orders > 0 ? (
                                  <Link
                                    to={paymentsHref(state, row.method)}
                                    className="underline decoration-accent/60 underline-offset-4 hover:text-accent"
                                  >
                                    {money(row[state].amount, row.currency)}
                                  </Link>
                                ) : (
                                  '—'
                                )}
                                {row[state].orders > 0 ? (
                                  <span className="block text-xs text-ink-muted">
                                    {t('admin.finance.orders_count', { count: formatInteger(row[state].orders) })}
                                  </span>
                                ) : null}
                              </td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
              <Card
                title={t('admin.finance.payouts')}
                actions={
                  <CsvExportButton
                    fileName="wyplaty-miesiecznie.csv"
                    build={() => Promise.resolve(payoutsCsv(data.payouts))}
                    disabled={data.payouts.length === 0}
                  />
                }
              >
                {data.payouts.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t('admin.finance.payouts_empty')}</p>
                ) : (
                  <div
                    className="overflow-x-auto"
                    tabIndex={0}
                    role="region"
                    aria-label={t('admin.finance.table_label', { name: t('admin.finance.payouts') })}
                  >
                    <table className="w-full text-left text-sm">
                      <TableHead
                        columns={[
                          t('admin.finance.month'),
                          t('admin.finance.credited_usdt'),
                          t('admin.finance.remainder_pln'),
                          t('admin.finance.settled_usdt'),
                        ]}
                      />
                      <tbody className="divide-y divide-surface-border">
                        {data.payouts.map((row) => (
                          <tr key={row.month}>
                            <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-ink">
                              {row.month}
                            </th>
                            <td className="py-2 pr-3 tabular-nums">
                              <Link
                                to={admin.payouts.path}
                                className="underline decoration-accent/60 underline-offset-4 hover:text-accent"
                              >
                                {formatUSDT(row.credited_usdt)}
                              </Link>
                              <span className="block text-xs text-ink-muted">
                                {t('admin.finance.runs_detail', {
                                  runs: formatInteger(row.runs),
                                  pln: pln(row.credited_pln),
                                })}
                              </span>
                            </td>
                            <td className="py-2 pr-3 tabular-nums">{pln(row.remainder_pln)}</td>
                            <td className="py-2 tabular-nums">
                              {formatUSDT(row.settled_usdt)}
                              <span className="block text-xs text-ink-muted">
                                {t('admin.finance.settled_detail', {
                                  count: formatInteger(row.commissions),
                                  pln: pln(row.settled_pln),
                                })}
                              </span>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
            </>
          );
        }}
      </QueryStates>
      <Card
        id="prowizje"
        title={t('admin.finance.unpaid')}
        actions={
          <Button
            onClick={() => setSettling({ userId: null, name: t('admin.finance.settle.everyone') })}
            disabled={!unpaid.data?.total}
          >
            {t('admin.finance.settle_all')}
          </Button>
        }
      >
        <QueryStates
          query={unpaid}
          loadingClassName="h-32"
          errorMessage={t('admin.finance.unpaid_failed')}
          isEmpty={noPageRows}
          empty={t('admin.finance.unpaid_empty')}
        >
          {(data) => (
            <>
              <div
                className="overflow-x-auto"
                tabIndex={0}
                role="region"
                aria-label={t('admin.finance.table_label', { name: t('admin.finance.unpaid') })}
              >
                <table className="w-full text-left text-sm">
                  <TableHead
                    columns={[
                      t('admin.finance.referrer'),
                      t('admin.finance.settle.commissions'),
                      t('admin.finance.settle.total_pln'),
                      t('admin.finance.oldest_commission'),
                      t('admin.finance.actions'),
                    ]}
                  />
                  <tbody className="divide-y divide-surface-border">
                    {data.rows.map((row) => {
                      const name = row.full_name?.trim() || row.email || t('admin.withdrawals.deleted_member');
                      return (
                        <tr key={row.user_id}>
                          <td className="py-2 pr-3">
                            <span className="block text-ink">{name}</span>
                            {row.email ? <span className="block text-xs text-ink-muted">{row.email}</span> : null}
                          </td>
                          <td className="py-2 pr-3 tabular-nums">{formatInteger(row.commissions)}</td>
                          <td className="py-2 pr-3 tabular-nums">{pln(row.total_pln)}</td>
                          <td className="py-2 pr-3 whitespace-nowrap">{formatDate(row.oldest_at)}</td>
                          <td className="py-2">
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={t('admin.finance.settle_one_label', { name })}
                              onClick={() => setSettling({ userId: row.user_id, name })}
                            >
                              {t('admin.finance.settle_one')}
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={page}
                pageSize={UNPAID_COMMISSIONS_PAGE_SIZE}
                total={data.total}
                onPage={setPage}
                label={t('admin.finance.unpaid_pages')}
              />
            </>
          )}
        </QueryStates>
      </Card>
      {settling ? <SettleCommissionsDialog target={settling} onClose={() => setSettling(null)} /> : null}
    </section>
  );
}
