import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { Dialog } from '@/components/ui/dialog';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { listPayoutRunItems, RUN_ITEMS_PAGE, usePayoutRunItems } from '@/data/payouts/list-payout-run-items';
import type { PayoutRun } from '@/data/payouts/list-payout-runs';
import { t } from '@/i18n/admin';
import { collectPages, csvDate } from '@/lib/csv';
import { formatDateTime, formatDecimal, formatUSDT } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';
import { Pagination } from '../../shared/components/pagination';
import { TableHead } from '../../shared/components/table-head';
import { runItemsCsv } from '../utils/run-items-csv';

const pln = (value: number | string | null) => `${formatDecimal(value, 2)} zł`;

/** 'Pozycje': what each member of one run received (member, tier, PLN, USDT), pages of 50, with CSV. */
export function RunItemsDialog({ run, onClose }: { run: PayoutRun; onClose: () => void }) {
  const { getClient } = useSupabase();
  const [page, setPage] = useState(0);
  const items = usePayoutRunItems(run.id, page);
  const reversed = run.reversed_at !== null;
  const date = formatDateTime(run.created_at);

  const buildCsv = async (onProgress: (rows: number) => void) => {
    const client = await getClient();
    const rows = await collectPages(
      (offset, limit) => listPayoutRunItems(client, run.id, offset, limit),
      1000,
      onProgress,
    );
    return runItemsCsv(rows, run.rate_pln_usdt);
  };

  return (
    <Dialog open onClose={onClose} title={t('admin.payouts.items_title', { date })} size="xl">
      <div className="mt-4 flex justify-end">
        <CsvExportButton
          fileName={`wyplata-zyskow-${csvDate(run.created_at) ?? run.id}.csv`}
          build={buildCsv}
          disabled={run.members_count === 0}
        />
      </div>
      <QueryStates
        query={items}
        loadingClassName="h-48"
        errorMessage={t('admin.payouts.items_failed')}
        isEmpty={noRows}
        empty={t('admin.payouts.items_empty')}
      >
        {(rows) => (
          <>
            <div
              className="mt-4 overflow-x-auto"
              tabIndex={0}
              role="region"
              aria-label={t('admin.payouts.items_label', { date })}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin.payouts.items_label', { date })}</caption>
                <TableHead
                  columns={[
                    t('admin.payouts.member'),
                    t('admin.payouts.tier'),
                    t('admin.payouts.amount_pln'),
                    t('admin.payouts.amount_usdt'),
                    ...(reversed ? [t('admin.payouts.reversal_debited'), t('admin.payouts.reversal_debt')] : []),
                  ]}
                />
                <tbody className="divide-y divide-surface-border">
                  {rows.map((row) => (
                    <tr key={row.user_id} data-item-user={row.user_id}>
                      <th scope="row" className="py-2 pr-3 font-normal">
                        {row.member_email ? (
                          <>
                            <span className="block text-ink">{row.member_full_name ?? row.member_email}</span>
                            <span className="block break-all text-xs text-ink-muted">{row.member_email}</span>
                          </>
                        ) : (
                          <span className="text-ink-muted">{t('admin.payouts.deleted_member')}</span>
                        )}
                      </th>
                      <td className="py-2 pr-3">{row.tier}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{pln(row.amount_pln)}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatUSDT(row.amount_usdt)}</td>
                      {reversed ? (
                        <>
                          <td className="py-2 pr-3 whitespace-nowrap">{formatUSDT(row.reversal_debited ?? 0)}</td>
                          <td className="py-2 whitespace-nowrap">{formatUSDT(row.reversal_debt ?? 0)}</td>
                        </>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={page}
              pageSize={RUN_ITEMS_PAGE}
              total={Number(rows[0]?.total_count ?? 0)}
              onPage={setPage}
              label={t('admin.payouts.items_pages')}
            />
          </>
        )}
      </QueryStates>
      <div className="mt-6 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('admin.payouts.close')}
        </Button>
      </div>
    </Dialog>
  );
}
