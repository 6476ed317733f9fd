/**
 * The USDT networks of withdrawals and saved addresses (issue 37 §1): TRC20 (TRON, base58check
 * `T…` addresses, 64-hex transaction ids), ERC20 and BSC (`0x` + 40 hex, EIP-55 when mixed case;
 * `0x` + 64-hex hashes). One definition for the browser, the edge functions and the local chain:
 * supabase/functions/_shared/chain/networks.ts (dependency-free); the database checks the same
 * (private.is_usdt_address, private.is_usdt_tx_hash).
 */
import {
  isValidAddress,
  isValidTxHash,
  NETWORK_DEFINITIONS,
  NETWORKS,
  type Network,
} from '../../../supabase/functions/_shared/chain/networks.ts';

export { isValidAddress, isValidTxHash, NETWORKS, type Network };

/** What an address of the network starts with (the field's placeholder). */
export function addressPlaceholder(network: Network): string {
  return NETWORK_DEFINITIONS[network].family === 'tron' ? 'T…' : '0x…';
}

/** The explorer page of a transaction: Tronscan, Etherscan or BscScan. */
export function explorerTxUrl(network: Network, hash: string): string {
  return NETWORK_DEFINITIONS[network].explorerTxUrl(encodeURIComponent(hash));
}
