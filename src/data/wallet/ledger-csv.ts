import { t } from '@/i18n/wallet';
import { collectPages, csvDateTime, csvNumber, toCsv } from '@/lib/csv';
import type { AppSupabaseClient } from '@/lib/supabase';
import { getLedgerRange, type LedgerEntry } from './get-ledger-page';
import { ledgerAmount, ledgerKindLabel } from './ledger-entry';

/** The CSV of a wallet's whole ledger, newest first (read page by page). */
export async function ledgerCsv(
  client: AppSupabaseClient,
  userId: string,
  onProgress?: (rows: number) => void,
): Promise<string> {
  const rows = await collectPages<LedgerEntry>(
    async (offset, limit) => (await getLedgerRange(client, userId, offset, limit)).rows,
    1000,
    onProgress,
  );
  return toCsv(
    [
      t('wallet.ledger.date'),
      t('wallet.ledger.operation'),
      t('wallet.ledger.amount'),
      t('wallet.ledger.balance_after'),
      t('wallet.ledger.pending_after'),
      t('wallet.ledger.note'),
      t('wallet.ledger.transaction'),
    ],
    rows.map((row) => [
      csvDateTime(row.created_at),
      ledgerKindLabel(row.kind),
      ledgerAmount(row),
      csvNumber(row.available_after),
      csvNumber(row.pending_after),
      row.note,
      row.withdrawal?.tx_hash ?? null,
    ]),
  );
}
