import { t } from '@/i18n/wallet';
import { collectPages, toCsv } from '@/lib/csv';
import type { AppSupabaseClient } from '@/lib/supabase';
import { getLedgerRange, type LedgerEntry } from './get-ledger-page';
import { ledgerAmount, ledgerKindLabel } from './ledger-entry';

/** The CSV of a wallet's whole ledger, newest first (read page by page). */
export async function ledgerCsv(client: AppSupabaseClient, userId: string): Promise<string> {
  const rows = await collectPages<LedgerEntry>(
    async (offset, limit) => (await getLedgerRange(client, userId, offset, limit)).rows,
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
      row.created_at,
      ledgerKindLabel(row.kind),
      ledgerAmount(row),
      row.available_after === null ? null : Number(row.available_after),
      row.pending_after === null ? null : Number(row.pending_after),
      row.note,
      row.withdrawal?.tx_hash ?? null,
    ]),
  );
}
