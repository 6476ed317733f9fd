import type { Enums } from '@/types/database.types';

/**
 * The public explorers of the chains (product.md#dashboard-2: "Ethereum explorer for ERC20, BSC
 * explorer otherwise"; issue 37 adds TRON: Tronscan for TRC20). Facts of the chains, not settings of
 * the club: kept here, as private.transaction_url in SQL.
 */
export const TX_EXPLORERS = {
  TRC20: 'https://tronscan.org/#/transaction/',
  ERC20: 'https://etherscan.io/tx/',
  BSC: 'https://bscscan.com/tx/',
} as const satisfies Record<Enums<'withdrawal_network'>, string>;

export function transactionUrl(network: Enums<'withdrawal_network'>, txHash: string): string {
  return `${TX_EXPLORERS[network] ?? TX_EXPLORERS.BSC}${encodeURIComponent(txHash)}`;
}
