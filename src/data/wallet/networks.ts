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
