import { Constants, type Enums } from '@/types/database.types';

/**
 * The USDT networks (issue 37) and their formats, as SQL checks them (private.is_usdt_address,
 * private.is_usdt_tx_hash in 20261122000800_payments.sql). Facts of the chains, not settings of the
 * club. TRON addresses are base58check: the form checks the shape, the server also the checksum
 * (a mistyped character gets the same message from it).
 */
export type UsdtNetwork = Enums<'withdrawal_network'>;

export const USDT_NETWORKS: readonly UsdtNetwork[] = Constants.public.Enums.withdrawal_network;

/** TRON: 'T' + 33 base58 characters (34 in all). */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** ERC20 and BSC: 0x + 40 hex (42 in all). */
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRON_TX_HASH = /^[0-9a-fA-F]{64}$/;
const EVM_TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export function isUsdtAddress(network: UsdtNetwork, value: string): boolean {
  return (network === 'TRC20' ? TRON_ADDRESS : EVM_ADDRESS).test(value);
}

export function isUsdtTxHash(network: UsdtNetwork, value: string): boolean {
  return (network === 'TRC20' ? TRON_TX_HASH : EVM_TX_HASH).test(value);
}

/** A hash of one of the networks (when the network is not chosen yet). */
export function isAnyUsdtTxHash(value: string): boolean {
  return TRON_TX_HASH.test(value) || EVM_TX_HASH.test(value);
}

/** The start of an address, as a placeholder. */
export function addressPlaceholder(network: UsdtNetwork): string {
  return network === 'TRC20' ? 'T…' : '0x…';
}

export function txHashPlaceholder(network: UsdtNetwork): string {
  return network === 'TRC20' ? '64 znaki (0-9, a-f)' : '0x…';
}
