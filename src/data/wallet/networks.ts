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

/** Tether's USDT contracts (mainnet), as _shared/chain/networks.ts: the QR code's token. */
export const USDT_CONTRACTS: Readonly<Record<UsdtNetwork, string>> = {
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  BSC: '0x55d398326f99059fF775485246999027B3197955',
};

/** USDT's decimals: 6 on TRON and Ethereum, 18 on BSC. */
export const USDT_DECIMALS: Readonly<Record<UsdtNetwork, number>> = { TRC20: 6, ERC20: 6, BSC: 18 };

const EVM_CHAIN_IDS = { ERC20: 1, BSC: 56 } as const;

/** A decimal amount ("49.57") in the token's smallest unit, exactly (no floating point). */
export function toUnits(amount: string | number, decimals: number): string {
  const [whole = '0', fraction = ''] = String(amount).split('.');
  return (
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0')
  ).toString();
}

/**
 * What the payment page's QR code holds: a wallet's payment request of the exact amount of USDT to
 * the club's address. ERC20 and BSC: EIP-681 (`ethereum:<token>@<chain>/transfer?address=…&uint256=…`);
 * TRON: TronLink's form (`tron:<address>?amount=…&token=<contract>`).
 */
export function paymentRequestUri(network: UsdtNetwork, address: string, amount: string | number): string {
  if (network === 'TRC20') return `tron:${address}?amount=${amount}&token=${USDT_CONTRACTS.TRC20}`;
  const units = toUnits(amount, USDT_DECIMALS[network]);
  return `ethereum:${USDT_CONTRACTS[network]}@${EVM_CHAIN_IDS[network]}/transfer?address=${address}&uint256=${units}`;
}
