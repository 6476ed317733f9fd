// The three networks USDT is paid and withdrawn on (issue 37 §1): each one's address and transaction
// hash format, its USDT contract, decimals and finality rule, and exact amount scaling (bigint in the
// token's smallest unit; never a float). The verifiers, the watcher and the SQL checks follow these
// definitions; docs/decisions.md records the choices.
import { base58CheckDecode, base58CheckEncode, bytesToHex, hexToBytes, keccak256 } from './encoding.ts';

export const NETWORKS = ['TRC20', 'ERC20', 'BSC'] as const;
export type Network = (typeof NETWORKS)[number];

/**
 * When a transfer counts as final.
 *  - solidified: TRON's solidified block (the solidity node's head, about 19 blocks behind the head);
 *  - finalized: the EVM `finalized` block tag;
 *  - depth: a configured number of confirmations (the block itself counts as one).
 */
export type FinalityRule = { kind: 'solidified' } | { kind: 'finalized' } | { kind: 'depth'; confirmations: number };

export interface NetworkDefinition {
  network: Network;
  /** What the forms show. */
  label: string;
  family: 'tron' | 'evm';
  /** Mainnet USDT contract: base58 on TRON, EIP-55 on EVM chains. */
  usdtContract: string;
  decimals: number;
  finality: FinalityRule;
  /** The transaction page of the network's public explorer. */
  explorerTxUrl: (hash: string) => string;
}

export const NETWORK_DEFINITIONS: Readonly<Record<Network, NetworkDefinition>> = {
  TRC20: {
    network: 'TRC20',
    label: 'TRON (TRC-20)',
    family: 'tron',
    usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    finality: { kind: 'solidified' },
    explorerTxUrl: (hash) => `https://tronscan.org/#/transaction/${hash}`,
  },
  ERC20: {
    network: 'ERC20',
    label: 'Ethereum (ERC-20)',
    family: 'evm',
    usdtContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    finality: { kind: 'finalized' },
    explorerTxUrl: (hash) => `https://etherscan.io/tx/${hash}`,
  },
  BSC: {
    network: 'BSC',
    label: 'BNB Smart Chain (BEP-20)',
    family: 'evm',
    usdtContract: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
    finality: { kind: 'finalized' },
    explorerTxUrl: (hash) => `https://bscscan.com/tx/${hash}`,
  },
};

export function isNetwork(value: unknown): value is Network {
  return typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);
}

// ---- addresses ----

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** The EIP-55 mixed-case form of an EVM address (any case in). */
export function toChecksumAddress(address: string): string {
  if (!EVM_ADDRESS.test(address)) throw new Error(`Not an EVM address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak256(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** 0x + 40 hex; all-lower or all-upper case is accepted, mixed case must carry a valid EIP-55 checksum. */
export function isValidEvmAddress(address: string): boolean {
  if (!EVM_ADDRESS.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

/** The 21 bytes (0x41 + 20) of a base58check TRON address, or null when it is not one. */
function tronPayload(address: string): Uint8Array | null {
  if (!TRON_ADDRESS.test(address)) return null;
  const payload = base58CheckDecode(address);
  return payload && payload.length === 21 && payload[0] === 0x41 ? payload : null;
}

/** T + 33 base58 characters whose payload is 0x41 + 20 bytes and whose 4-byte checksum matches. */
export function isValidTronAddress(address: string): boolean {
  return tronPayload(address) !== null;
}

/** A TRON address as TRON's hex form: 41 + 40 hex, lower case. */
export function tronAddressToHex(address: string): string {
  const payload = tronPayload(address);
  if (!payload) throw new Error(`Not a TRON address: ${address}`);
  return bytesToHex(payload);
}

/** The base58check TRON address of 20 bytes given as hex (with or without the 41 or 0x prefix). */
export function tronHexToAddress(hex: string): string {
  let clean = hex.toLowerCase().replace(/^0x/, '');
  if (clean.length === 42 && clean.startsWith('41')) clean = clean.slice(2);
  if (!/^[0-9a-f]{40}$/.test(clean)) throw new Error(`Not a 20-byte address: ${hex}`);
  return base58CheckEncode(hexToBytes(`41${clean}`));
}

export function isValidAddress(network: Network, address: string): boolean {
  return NETWORK_DEFINITIONS[network].family === 'tron' ? isValidTronAddress(address) : isValidEvmAddress(address);
}

/** One spelling per address, to compare and store: base58 on TRON, EIP-55 on EVM chains. */
export function normalizeAddress(network: Network, address: string): string {
  if (!isValidAddress(network, address)) throw new Error(`Not a ${network} address: ${address}`);
  return NETWORK_DEFINITIONS[network].family === 'tron' ? address : toChecksumAddress(address);
}

export function sameAddress(network: Network, a: string, b: string): boolean {
  if (!isValidAddress(network, a) || !isValidAddress(network, b)) return false;
  return normalizeAddress(network, a) === normalizeAddress(network, b);
}

// ---- transaction hashes ----

/** EVM: 0x + 64 hex. TRON: 64 hex without a prefix (a transaction id). Either case. */
export function isValidTxHash(network: Network, hash: string): boolean {
  return NETWORK_DEFINITIONS[network].family === 'tron'
    ? /^[0-9a-fA-F]{64}$/.test(hash)
    : /^0x[0-9a-fA-F]{64}$/.test(hash);
}

/** Lower case, the network's prefix rule kept: the form stored and looked up. */
export function normalizeTxHash(network: Network, hash: string): string {
  const trimmed = hash.trim();
  if (!isValidTxHash(network, trimmed)) throw new Error(`Not a ${network} transaction hash: ${hash}`);
  return trimmed.toLowerCase();
}

// ---- amounts ----

/**
 * A decimal text ("12.34", as numeric(…, 2) prices come out of PostgreSQL) in the token's smallest
 * unit. More fractional digits than the token has, a sign or an exponent are refused.
 */
export function parseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a non-negative decimal amount: ${amount}`);
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimal places`);
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** The decimal text of an amount in the smallest unit: no trailing zeros, at least two decimals. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(Math.min(2, decimals), '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** keccak256("Transfer(address,address,uint256)"): topic 0 of every ERC-20/TRC-20 Transfer log. */
export const TRANSFER_TOPIC = bytesToHex(keccak256('Transfer(address,address,uint256)'));
