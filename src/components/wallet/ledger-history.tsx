import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CsvExportButton } from '@/components/ui/csv-export-button';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import { transactionUrl } from '@/data/wallet/explorer';
import { LEDGER_PAGE_SIZE, useLedgerPage } from '@/data/wallet/get-ledger-page';
import { ledgerCsv } from '@/data/wallet/ledger-csv';
import { ledgerAmount, ledgerKindLabel } from '@/data/wallet/ledger-entry';
import { t } from '@/i18n/wallet';
import { formatDateTime, formatUSDT } from '@/lib/format';
import { useSupabase } from '@/lib/supabase-context';

/**
 * 'Historia operacji': a wallet's ledger, newest first, 20 a page — each entry's Polish label, the
 * signed amount, the available balance after it, the date, the note and the transaction link — and
 * the whole history as CSV. The member's eWallet and the admin's 'Portfel' of a member both show it.
 */
export function LedgerHistory({
  userId,
  fileName,
  headingLevel = 2,
}: {
  userId: string;
  fileName: string;
  headingLevel?: 2 | 3;
}) {
  const { getClient } = useSupabase();
  const [page, setPage] = useState(0);
  const ledger = useLedgerPage(userId, page);
  const pages = Math.max(1, Math.ceil((ledger.data?.count ?? 0) / LEDGER_PAGE_SIZE));

  return (
    <Card
      title={t('wallet.ledger.title')}
      headingLevel={headingLevel}
      actions={
        <CsvExportButton
          fileName={fileName}
          build={async (onProgress) => ledgerCsv(await getClient(), userId, onProgress)}
          disabled={!ledger.data || ledger.data.count === 0}
        />
      }
    >
      <QueryStates
        query={ledger}
        loadingClassName="h-64"
        loadingLabel={t('wallet.ledger.loading')}
        errorMessage={t('wallet.ledger.failed')}
        isEmpty={noPageRows}
        empty={t('wallet.ledger.empty')}
      >
        {(data) => (
          <>
            <ul className="divide-y divide-surface-border" aria-busy={ledger.isPlaceholderData || undefined}>
              {data.rows.map((entry) => {
                const amount = ledgerAmount(entry);
                return (
                  <li
                    key={entry.id}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
                    data-ledger-kind={entry.kind}
                  >
                    <div className="min-w-0 space-y-1">
                      <p className="font-medium text-ink">{ledgerKindLabel(entry.kind)}</p>
                      <p className="text-sm text-ink-muted">
                        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                      </p>
                      {entry.note ? <p className="break-words text-sm text-ink-muted">{entry.note}</p> : null}
                      {entry.withdrawal?.tx_hash ? (
                        <a
                          href={transactionUrl(entry.withdrawal.network, entry.withdrawal.tx_hash)}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('wallet.history.explorer_label', { hash: entry.withdrawal.tx_hash })}
                          className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline"
                        >
                          {t('wallet.history.explorer')}
                          <ExternalLinkIcon className="h-4 w-4" />
                        </a>
                      ) : null}
                    </div>
                    <div className="text-right">
                      <p className={`font-semibold ${amount < 0 ? 'text-danger' : 'text-success'}`}>
                        {amount > 0 ? '+' : amount < 0 ? '−' : ''}
                        {formatUSDT(Math.abs(amount))}
                      </p>
                      <p className="text-sm text-ink-muted">
                        {t('wallet.ledger.balance_after')}: {formatUSDT(entry.available_after)}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            {pages > 1 ? (
              <nav className="mt-4 flex items-center justify-between gap-3" aria-label={t('wallet.ledger.title')}>
                <Button variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  {t('wallet.ledger.previous')}
                </Button>
                <p className="text-sm text-ink-muted" aria-live="polite">
                  {t('wallet.ledger.page', { page: page + 1, pages })}
                </p>
                <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                  {t('wallet.ledger.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </QueryStates>
    </Card>
  );
}
