import { Constants, type Enums } from '@/types/database.types';
import {
  isValidAddress,
  isValidTxHash,
  NETWORK_DEFINITIONS,
} from '../../../supabase/functions/_shared/chain/networks.ts';

/**
 * The USDT networks (issue 37) and their formats: TRC20 (TRON: base58check `T…` addresses whose
 * checksum is checked, 64-hex transaction ids without `0x`), ERC20 and BSC (`0x` + 40 hex, an EIP-55
 * checksum when mixed case; `0x` + 64-hex hashes). One definition for the browser, the edge functions
 * and the local chain: supabase/functions/_shared/chain/networks.ts (dependency-free); SQL checks the
 * same (private.is_usdt_address, private.is_usdt_tx_hash in 20261122000800_payments.sql). Facts of
 * the chains, not settings of the club.
 */
export type UsdtNetwork = Enums<'withdrawal_network'>;

export const USDT_NETWORKS: readonly UsdtNetwork[] = Constants.public.Enums.withdrawal_network;

export function isUsdtAddress(network: UsdtNetwork, value: string): boolean {
  return isValidAddress(network, value);
}

export function isUsdtTxHash(network: UsdtNetwork, value: string): boolean {
  return isValidTxHash(network, value);
}

/** A hash of one of the networks (when the network is not chosen yet). */
export function isAnyUsdtTxHash(value: string): boolean {
  return USDT_NETWORKS.some((network) => isValidTxHash(network, value));
}

/** The start of an address, as a placeholder. */
export function addressPlaceholder(network: UsdtNetwork): string {
  return NETWORK_DEFINITIONS[network].family === 'tron' ? 'T…' : '0x…';
}

export function txHashPlaceholder(network: UsdtNetwork): string {
  return NETWORK_DEFINITIONS[network].family === 'tron' ? '64 znaki (0-9, a-f)' : '0x…';
}

/** The explorer page of a transaction: Tronscan, Etherscan or BscScan. */
export function explorerTxUrl(network: UsdtNetwork, hash: string): string {
  return NETWORK_DEFINITIONS[network].explorerTxUrl(encodeURIComponent(hash));
}
