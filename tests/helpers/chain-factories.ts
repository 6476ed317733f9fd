import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** base58check of bytes (TRON's address form). */
export function base58check(payload: Buffer): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** A random TRON address: base58check of 0x41 and 20 bytes ('T…', 34 characters). */
export const tronAddress = () => base58check(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
/** A random TRON transaction id: 64 hex, no 0x. */
export const tronTxHash = () => randomBytes(32).toString('hex');
export const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
/** The TRC-20 USDT contract (Tether's, on TRON's mainnet): a real, valid address. */
export const TRON_USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
