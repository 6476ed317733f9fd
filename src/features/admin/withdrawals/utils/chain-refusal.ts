import { WithdrawalChainError } from '@/data/wallet/verify-withdrawal';
import type { AdminWithdrawal } from '@/data/wallet/list-withdrawals';
import { t, type AdminAreaMessageKey } from '@/i18n/admin';

const CHAIN_TEXTS: Record<string, AdminAreaMessageKey> = {
  'chain.wrong_recipient': 'admin.withdrawals.chain.wrong_recipient',
  'chain.wrong_amount': 'admin.withdrawals.chain.wrong_amount',
  'chain.wrong_sender': 'admin.withdrawals.chain.wrong_sender',
  'chain.not_found': 'admin.withdrawals.chain.not_found',
  'chain.failed': 'admin.withdrawals.chain.failed',
  'chain.not_usdt_transfer': 'admin.withdrawals.chain.not_usdt_transfer',
  'chain.transfer_used': 'admin.withdrawals.chain.transfer_used',
  'chain.unavailable': 'admin.withdrawals.chain.unavailable',
  'chain.invalid_hash': 'admin.withdrawals.chain.invalid_hash',
};

/**
 * Why the chain check refused a payout, in Polish with what differs ('Odbiorca transakcji to …, a nie
 * adres członka …', 'Kwota transakcji to … USDT, a wypłata wynosi … USDT'); undefined for any other
 * error (the database's keys keep their own texts).
 */
export function chainRefusalMessage(error: unknown, withdrawal: AdminWithdrawal): string | undefined {
  if (!(error instanceof WithdrawalChainError)) return undefined;
  const key = CHAIN_TEXTS[error.code ?? ''];
  if (!key) return undefined;
  return t(key, {
    network: error.facts.network ?? withdrawal.network,
    recipient: error.facts.recipients ?? '',
    address: error.facts.expected ?? withdrawal.address,
    amount: error.facts.amount ?? '',
    expected: error.facts.expected ?? String(withdrawal.amount),
    from: error.facts.from ?? '',
  });
}
