import { useRef, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { usePayoutRevenue } from '@/data/payouts/list-payout-revenue';
import { listPayoutRuns, usePayoutRuns, type PayoutRun } from '@/data/payouts/list-payout-runs';
import { usePayoutPreview, type PayoutPreviewRow } from '@/data/payouts/preview-payout';
import { useRunPayout } from '@/data/payouts/run-payout';
import { t } from '@/i18n/admin';
import { collectPages, csvDate, csvDateTime, csvNumber, toCsv } from '@/lib/csv';
import { formatDate, formatDateTime, formatDecimal, formatInteger, formatUSDT } from '@/lib/format';
import { pluralKey } from '@/lib/plural';
import { useSupabase } from '@/lib/supabase-context';
import { TabHeading } from '../../shared/components/tab-heading';
import { TableHead } from '../../shared/components/table-head';
import { adminErrorMessage } from '../../shared/utils/errors';
import { ReverseRunDialog } from './reverse-run-dialog';
import { RunItemsDialog } from './run-items-dialog';

/** The texts that count members, in the three Polish forms (lib/plural.ts). */
const PLURAL = {
  totals: { one: 'admin.payouts.totals_one', few: 'admin.payouts.totals_few', many: 'admin.payouts.totals_many' },
  confirm: {
    one: 'admin.payouts.confirm_description_one',
    few: 'admin.payouts.confirm_description_few',
    many: 'admin.payouts.confirm_description_many',
  },
  done: { one: 'admin.payouts.done_one', few: 'admin.payouts.done_few', many: 'admin.payouts.done_many' },
} as const;

/** A positive PLN→USDT rate with at most 6 decimals ("0,25" or "0.2512"). */
const RATE = /^\d+(?:[.,]\d{1,6})?$/;

const pln = (value: number | string | null) => `${formatDecimal(value, 2)} zł`;
/** A rate as the admin types it, with a dot ('0.25', '4'). */
const rateText = (value: number | string) => String(Number(value));
/** How far a rate is from the previous one, in whole percent. */
const percentAway = (rate: number | string, previous: number | string) =>
  Math.round((Math.abs(Number(rate) - Number(previous)) / Number(previous)) * 100);
/** A run can be reversed within 30 days of it. */
const REVERSIBLE_MS = 30 * 24 * 60 * 60 * 1000;
const cents = (value: number | string) => Math.round(Number(value) * 100);

function totals(rows: readonly PayoutPreviewRow[]) {
  const paying = rows.filter((row) => cents(row.per_member_usdt) > 0);
  return {
    members: paying.reduce((sum, row) => sum + row.members, 0),
    pln: paying.reduce((sum, row) => sum + cents(row.per_member_pln) * row.members, 0) / 100,
    usdt: paying.reduce((sum, row) => sum + cents(row.per_member_usdt) * row.members, 0) / 100,
    remainder:
      rows.reduce((sum, row) => sum + cents(row.pool_pln), 0) / 100 -
      paying.reduce((sum, row) => sum + cents(row.per_member_pln) * row.members, 0) / 100,
  };
}

/**
 * 'Wypłaty zysków': choose a revenue entry not paid out yet and the PLN→USDT rate, see per tier the
 * members and each one's share (rounded down to 0.01, the remainder shown), then confirm: one
 * transaction credits every wallet and notifies every member. The runs are listed below (CSV too).
 */
export function PayoutsTab() {
  const { getClient } = useSupabase();
  const revenue = usePayoutRevenue();
  const runs = usePayoutRuns();
  const run = useRunPayout();
  const toast = useToast();
  const [revenueId, setRevenueId] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<{ revenue?: string; rate?: string }>({});
  const [request, setRequest] = useState<{ revenueId: string; rate: string } | null>(null);
  /** The rate warning (a rate > 20 % from the previous run's), then the confirmation. */
  const [step, setStep] = useState<'rate' | 'confirm' | null>(null);
  const [rateConfirmed, setRateConfirmed] = useState(false);
  const [itemsOf, setItemsOf] = useState<PayoutRun | null>(null);
  const [reversing, setReversing] = useState<PayoutRun | null>(null);
  const rateInput = useRef<HTMLInputElement | null>(null);
  /** When the tab opened: the runs younger than 30 days then offer 'Cofnij' (the server checks again). */
  const [now] = useState(() => Date.now());
  const preview = usePayoutPreview(request);
  const first = preview.data?.[0];
  const rateFar = first?.rate_far ?? false;
  const previousRate = first?.previous_rate ?? null;

  const showPreview = () => {
    const next: typeof errors = {};
    if (!revenueId) next.revenue = t('admin.payouts.revenue_required');
    const value = rate.trim().replace(',', '.');
    if (!RATE.test(rate.trim()) || Number(value) <= 0) next.rate = t('admin.payouts.rate_invalid');
    setErrors(next);
    if (next.revenue || next.rate) return;
    setRateConfirmed(false);
    setRequest({ revenueId, rate: value });
  };

  const buildRunsCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    const rows = await collectPages((offset, limit) => listPayoutRuns(client, offset, limit), 1000, onProgress);
    return toCsv(
      [
        t('admin.payouts.run_date'),
        t('admin.payouts.revenue_date'),
        t('admin.payouts.revenue_amount'),
        t('admin.payouts.rate'),
        t('admin.payouts.members'),
        t('admin.payouts.total_pln'),
        t('admin.payouts.total_usdt'),
        t('admin.payouts.remainder'),
        t('admin.payouts.run_by'),
        t('admin.payouts.status'),
      ],
      rows.map((row) => [
        csvDateTime(row.created_at),
        csvDate(row.revenue_date),
        csvNumber(row.revenue_amount),
        csvNumber(row.rate_pln_usdt),
        row.members_count,
        csvNumber(row.total_pln),
        csvNumber(row.total_usdt),
        csvNumber(row.remainder_pln),
        row.created_by_email,
        row.reversed_at
          ? t('admin.payouts.status_reversed', {
              date: csvDateTime(row.reversed_at) ?? '',
              reason: row.reversal_reason ?? '',
            })
          : t('admin.payouts.status_paid'),
      ]),
    );
  };

  const unpaid = (revenue.data ?? []).filter((entry) => !entry.paid);
  const sum = preview.data ? totals(preview.data) : null;
  const alreadyPaid = preview.data?.some((row) => row.already_paid) ?? false;

  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.payouts')} description={t('admin.payouts.description')} />
      <Card title={t('admin.payouts.new')}>
        {revenue.isPending ? (
          <Skeleton className="h-24" label={t('app.loading')} />
        ) : revenue.isError ? (
          <FormAlert>{t('admin.payouts.load_failed')}</FormAlert>
        ) : (
          <form
            noValidate
            className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              showPreview();
            }}
          >
            <SelectField
              label={t('admin.payouts.revenue')}
              placeholder={unpaid.length ? t('admin.payouts.revenue_choose') : t('admin.payouts.revenue_none')}
              value={revenueId}
              onChange={(event) => {
                setRevenueId(event.target.value);
                setRequest(null);
              }}
              options={unpaid.map((entry) => ({
                value: entry.id,
                label: `${formatDate(entry.created_at)} — ${pln(entry.amount)}`,
              }))}
              error={errors.revenue}
            />
            <TextField
              ref={rateInput}
              label={t('admin.payouts.rate')}
              hint={t('admin.payouts.rate_hint')}
              inputMode="decimal"
              autoComplete="off"
              value={rate}
              onChange={(event) => {
                setRate(event.target.value);
                setRequest(null);
              }}
              error={errors.rate}
            />
            <Button type="submit" variant="secondary">
              {t('admin.payouts.preview')}
            </Button>
          </form>
        )}
        {request ? (
          <div className="mt-6 space-y-4" aria-live="polite">
            {preview.isPending ? (
              <Skeleton className="h-32" label={t('app.loading')} />
            ) : preview.isError ? (
              <FormAlert>{adminErrorMessage(preview.error, 'admin.payouts.preview_failed')}</FormAlert>
            ) : (
              <>
                <div
                  className="overflow-x-auto"
                  tabIndex={0}
                  role="region"
                  aria-label={t('admin.payouts.preview_caption')}
                >
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">{t('admin.payouts.preview_caption')}</caption>
                    <TableHead
                      columns={[
                        t('admin.payouts.tier'),
                        t('admin.payouts.percentage'),
                        t('admin.payouts.pool'),
                        t('admin.payouts.members'),
                        t('admin.payouts.per_member_pln'),
                        t('admin.payouts.per_member_usdt'),
                        t('admin.payouts.remainder'),
                      ]}
                    />
                    <tbody className="divide-y divide-surface-border">
                      {preview.data.map((row) => (
                        <tr key={row.tier} data-tier={row.tier}>
                          <th scope="row" className="py-2 pr-3 font-semibold text-ink">
                            {row.tier}
                          </th>
                          <td className="py-2 pr-3">{formatDecimal(row.percentage, 0)}%</td>
                          <td className="py-2 pr-3">{pln(row.pool_pln)}</td>
                          <td className="py-2 pr-3">{formatInteger(row.members)}</td>
                          <td className="py-2 pr-3">{pln(row.per_member_pln)}</td>
                          <td className="py-2 pr-3">{formatUSDT(row.per_member_usdt)}</td>
                          <td className="py-2">{pln(row.remainder_pln)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {sum ? (
                  <p className="text-sm text-ink" data-testid="payout-totals">
                    {t(pluralKey(sum.members, PLURAL.totals), {
                      members: formatInteger(sum.members),
                      pln: pln(sum.pln),
                      usdt: formatUSDT(sum.usdt),
                      remainder: pln(sum.remainder),
                      rate: request.rate,
                    })}
                  </p>
                ) : null}
                {previousRate !== null ? (
                  <p className="text-sm text-ink-muted" data-testid="payout-previous-rate">
                    {t('admin.payouts.previous_rate', { previous: rateText(previousRate) })}
                  </p>
                ) : null}
                {rateFar && previousRate !== null ? (
                  <p
                    role="alert"
                    className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
                  >
                    {t('admin.payouts.rate_far', {
                      rate: rateText(request.rate),
                      previous: rateText(previousRate),
                      percent: formatInteger(percentAway(request.rate, previousRate)),
                    })}
                  </p>
                ) : null}
                {alreadyPaid ? (
                  <FormAlert>{t('payouts.already_paid')}</FormAlert>
                ) : (
                  <Button
                    onClick={() => setStep(rateFar && !rateConfirmed ? 'rate' : 'confirm')}
                    disabled={!sum || sum.members === 0}
                  >
                    {t('admin.payouts.confirm')}
                  </Button>
                )}
              </>
            )}
          </div>
        ) : null}
      </Card>
      <Dialog
        open={step === 'rate'}
        onClose={() => setStep(null)}
        title={t('admin.payouts.rate_far_title')}
        description={
          request && previousRate !== null
            ? t('admin.payouts.rate_far', {
                rate: rateText(request.rate),
                previous: rateText(previousRate),
                percent: formatInteger(percentAway(request.rate, previousRate)),
              })
            : undefined
        }
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              setStep(null);
              setRequest(null);
              rateInput.current?.focus();
              rateInput.current?.select();
            }}
          >
            {t('admin.payouts.rate_fix')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setRateConfirmed(true);
              setStep('confirm');
            }}
          >
            {request && previousRate !== null
              ? t('admin.payouts.rate_far_confirm', { rate: rateText(request.rate), previous: rateText(previousRate) })
              : null}
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={step === 'confirm'}
        tone="primary"
        title={t('admin.payouts.confirm_title')}
        description={
          sum && request
            ? t(pluralKey(sum.members, PLURAL.confirm), {
                members: formatInteger(sum.members),
                usdt: formatUSDT(sum.usdt),
                rate: request.rate,
              })
            : undefined
        }
        confirmLabel={t('admin.payouts.confirm')}
        pending={run.isPending}
        error={run.error ? adminErrorMessage(run.error, 'admin.payouts.run_failed') : null}
        onConfirm={() => {
          if (!request || !first) return;
          run.mutate(
            {
              revenueId: request.revenueId,
              rate: request.rate,
              expectedMembers: first.run_members,
              expectedTotalPln: first.run_total_pln,
              expectedTotalUsdt: first.run_total_usdt,
              confirmedPreviousRate: rateFar && rateConfirmed ? previousRate : null,
            },
            {
              onSuccess: (done) => {
                setStep(null);
                setRequest(null);
                setRateConfirmed(false);
                setRevenueId('');
                toast.show(
                  t(pluralKey(done.members_count, PLURAL.done), {
                    members: formatInteger(done.members_count),
                    usdt: formatUSDT(done.total_usdt),
                  }),
                  'success',
                );
              },
            },
          );
        }}
        onClose={() => {
          setStep(null);
          run.reset();
        }}
      />
      {itemsOf ? <RunItemsDialog run={itemsOf} onClose={() => setItemsOf(null)} /> : null}
      {reversing ? <ReverseRunDialog run={reversing} onClose={() => setReversing(null)} /> : null}
      <Card
        title={t('admin.payouts.runs')}
        actions={<CsvExportButton fileName="wyplaty-zyskow.csv" build={buildRunsCsv} disabled={!runs.data?.length} />}
      >
        <QueryStates
          query={runs}
          loadingClassName="h-32"
          errorMessage={t('admin.payouts.runs_failed')}
          isEmpty={noRows}
          empty={t('admin.payouts.runs_empty')}
        >
          {(rows) => (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('admin.payouts.runs')}>
              <table className="w-full text-left text-sm">
                <TableHead
                  columns={[
                    t('admin.payouts.run_date'),
                    t('admin.payouts.revenue_amount'),
                    t('admin.payouts.rate'),
                    t('admin.payouts.members'),
                    t('admin.payouts.total_pln'),
                    t('admin.payouts.total_usdt'),
                    t('admin.payouts.remainder'),
                    t('admin.payouts.run_by'),
                    t('admin.payouts.status'),
                    t('admin.payouts.actions'),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {rows.map((row) => (
                    <tr key={row.id} data-run-id={row.id}>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                      <td className="py-2 pr-3">{pln(row.revenue_amount)}</td>
                      <td className="py-2 pr-3">{rateText(row.rate_pln_usdt)}</td>
                      <td className="py-2 pr-3">{formatInteger(row.members_count)}</td>
                      <td className="py-2 pr-3">{pln(row.total_pln)}</td>
                      <td className="py-2 pr-3">{formatUSDT(row.total_usdt)}</td>
                      <td className="py-2 pr-3">{pln(row.remainder_pln)}</td>
                      <td className="py-2 pr-3">{row.created_by_email ?? '—'}</td>
                      <td className="py-2 pr-3" data-testid="payout-run-status">
                        {row.reversed_at
                          ? t('admin.payouts.status_reversed', {
                              date: formatDateTime(row.reversed_at),
                              reason: row.reversal_reason ?? '',
                            })
                          : t('admin.payouts.status_paid')}
                      </td>
                      <td className="py-2">
                        <div className="flex gap-2">
                          <Button
                            variant="secondary"
                            className="px-2 py-1"
                            aria-label={t('admin.payouts.items_label', { date: formatDateTime(row.created_at) })}
                            onClick={() => setItemsOf(row)}
                          >
                            {t('admin.payouts.items')}
                          </Button>
                          {!row.reversed_at && now - new Date(row.created_at).getTime() < REVERSIBLE_MS ? (
                            <Button
                              variant="ghost-danger"
                              className="px-2 py-1"
                              aria-label={t('admin.payouts.reverse_label', { date: formatDateTime(row.created_at) })}
                              onClick={() => setReversing(row)}
                            >
                              {t('admin.payouts.reverse')}
                            </Button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </Card>
    </section>
  );
}
