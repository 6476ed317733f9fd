import type { Enums } from '@/types/database.types';

/**
 * The public explorers of the two chains (product.md#dashboard-2: "Ethereum explorer for ERC20, BSC
 * explorer otherwise"). Facts of the chains, not settings of the club: kept here.
 */
export const TX_EXPLORERS = {
  ERC20: 'https://etherscan.io/tx/',
  BSC: 'https://bscscan.com/tx/',
} as const;

export function transactionUrl(network: Enums<'withdrawal_network'>, txHash: string): string {
  return `${network === 'ERC20' ? TX_EXPLORERS.ERC20 : TX_EXPLORERS.BSC}${encodeURIComponent(txHash)}`;
}
