import { t, type WalletMessageKey } from '@/i18n/wallet';
import type { Enums } from '@/types/database.types';

export type LedgerKind = Enums<'wallet_transaction_kind'>;

const KIND_LABELS: Record<LedgerKind, WalletMessageKey> = {
  credit: 'wallet.ledger.kind.credit',
  profit_payout: 'wallet.ledger.kind.profit_payout',
  commission_payout: 'wallet.ledger.kind.commission_payout',
  adjustment: 'wallet.ledger.kind.adjustment',
  withdrawal_hold: 'wallet.ledger.kind.withdrawal_hold',
  withdrawal_release: 'wallet.ledger.kind.withdrawal_release',
  withdrawal_payout: 'wallet.ledger.kind.withdrawal_payout',
  reversal: 'wallet.ledger.kind.reversal',
  debt_repayment: 'wallet.ledger.kind.debt_repayment',
};

export const ledgerKindLabel = (kind: LedgerKind): string => t(KIND_LABELS[kind]);

/**
 * The signed amount an entry moved: the change of the available balance, or, when only the pending
 * balance moved (a completed payout leaves from pending), that change.
 */
export function ledgerAmount(entry: { available_delta: number | string; pending_delta: number | string }): number {
  const available = Number(entry.available_delta);
  return available !== 0 ? available : Number(entry.pending_delta);
}
