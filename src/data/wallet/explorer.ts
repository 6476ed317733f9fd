import type { Enums } from '@/types/database.types';
import { explorerTxUrl } from './networks';

/**
 * The public explorer of a payout's transaction: Tronscan for TRC20, Etherscan for ERC20, BscScan
 * for BSC (product.md#dashboard-2 named only the two EVM chains, 'BSC explorer otherwise'; TRC20 was
 * added by issue 37, docs/decisions.md). Facts of the chains, not settings of the club. The database
 * builds the same link for the e-mail (private.transaction_url).
 */
export function transactionUrl(network: Enums<'withdrawal_network'>, txHash: string): string {
  return explorerTxUrl(network, txHash);
}
