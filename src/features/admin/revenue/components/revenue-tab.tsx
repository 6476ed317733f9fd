import { useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useAddRevenue } from '@/data/payouts/add-revenue';
import { listRevenueRange, useRevenue, type RevenueEntry } from '@/data/payouts/list-revenue';
import { t } from '@/i18n/admin';
import { collectPages } from '@/lib/csv';
import { useZodForm } from '@/lib/form';
import { formatDateTime, formatPLN } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { TabHeading } from '../../shared/components/tab-heading';
import { adminErrorMessage } from '../../shared/utils/errors';
import { POOLS, poolAmount, revenueCsv } from '../utils/revenue-csv';
import { revenueSchema, toAmount } from '../schemas/revenue.schema';
import { CorrectRevenueDialog, VoidRevenueDialog } from './revenue-change-dialogs';

function entryStatus(entry: RevenueEntry): string | null {
  if (entry.voided_at) return t('admin.revenue.status_voided', { reason: entry.void_reason ?? '' });
  if (entry.paid) return t('admin.revenue.status_paid');
  if (entry.corrected_at) return t('admin.revenue.status_corrected', { reason: entry.correction_reason ?? '' });
  return null;
}

/** Revenue tab (beyond the spec): enter the latest e-commerce revenue; the main panel's profit pools read it. */
export function RevenueTab() {
  const revenue = useRevenue();
  const add = useAddRevenue();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<RevenueEntry | null>(null);
  const [voiding, setVoiding] = useState<RevenueEntry | null>(null);
  const { register, handleSubmit, formState, reset } = useZodForm(revenueSchema, { defaultValues: { amount: '' } });

  const onSubmit = handleSubmit(async ({ amount }) => {
    setError(null);
    try {
      await add.mutateAsync(toAmount(amount));
      toast.show(t('admin.revenue.saved', { amount: formatPLN(toAmount(amount)) }));
      reset({ amount: '' });
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.revenue.save_failed'));
    }
  });

  const { getClient } = useSupabase();
  /** Every revenue entry (not only the last 10 shown), 1 000 rows a request. */
  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    return revenueCsv(await collectPages((offset, limit) => listRevenueRange(client, offset, limit), 1000, onProgress));
  };

  const latest = revenue.data?.find((entry) => !entry.voided_at);
  return (
    <section className="space-y-4">
      <TabHeading title={t('admin.revenue')} description={t('admin.revenue.description')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('admin.revenue.new')}>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
            <TextField
              label={t('admin.revenue.amount')}
              inputMode="decimal"
              autoComplete="off"
              error={formState.errors.amount?.message}
              {...register('amount')}
            />
            {error ? <FormAlert>{error}</FormAlert> : null}
            <SubmitButton pending={formState.isSubmitting} label={t('admin.save')} pendingLabel={t('admin.saving')} />
          </form>
        </Card>
        <Card title={t('admin.revenue.pools')}>
          {latest ? (
            <dl className="grid grid-cols-2 gap-y-2 text-sm">
              <dt className="text-ink-muted">{t('admin.revenue.latest')}</dt>
              <dd className="text-right font-semibold">{formatPLN(latest.amount)}</dd>
              {POOLS.map((pool) => (
                <div key={pool.tier} className="contents">
                  <dt className="text-ink-muted">
                    {t('admin.revenue.pool', { tier: pool.tier, percent: pool.share * 100 })}
                  </dt>
                  <dd className="text-right">{formatPLN(poolAmount(latest.amount, pool.share))}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-ink-muted">{t('admin.revenue.none')}</p>
          )}
        </Card>
      </div>
      <Card
        title={t('admin.revenue.history')}
        actions={<CsvExportButton fileName="przychod.csv" build={buildCsv} disabled={!revenue.data?.length} />}
      >
        <QueryStates
          query={revenue}
          loadingClassName="h-32"
          errorMessage={t('admin.revenue.load_failed')}
          isEmpty={noRows}
          empty={t('admin.revenue.none')}
        >
          {(rows) => (
            <ul className="divide-y divide-surface-border text-sm">
              {rows.map((entry) => {
                const status = entryStatus(entry);
                const date = formatDateTime(entry.created_at);
                return (
                  <li
                    key={entry.id}
                    data-revenue-id={entry.id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                  >
                    <span className="text-ink-muted">{date}</span>
                    <span className={entry.voided_at ? 'line-through' : undefined}>{formatPLN(entry.amount)}</span>
                    {status ? <span className="text-xs text-ink-muted">({status})</span> : null}
                    {!entry.paid && !entry.voided_at ? (
                      <span className="ml-auto flex gap-2">
                        <Button
                          variant="secondary"
                          className="px-2 py-1"
                          aria-label={t('admin.revenue.correct_label', { date })}
                          onClick={() => setCorrecting(entry)}
                        >
                          {t('admin.revenue.correct')}
                        </Button>
                        <Button
                          variant="ghost-danger"
                          className="px-2 py-1"
                          aria-label={t('admin.revenue.void_label', { date })}
                          onClick={() => setVoiding(entry)}
                        >
                          {t('admin.revenue.void')}
                        </Button>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryStates>
      </Card>
      {correcting ? <CorrectRevenueDialog entry={correcting} onClose={() => setCorrecting(null)} /> : null}
      {voiding ? <VoidRevenueDialog entry={voiding} onClose={() => setVoiding(null)} /> : null}
    </section>
  );
}
