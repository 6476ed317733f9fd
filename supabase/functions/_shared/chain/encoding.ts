// The byte-level pieces the chain code needs, with no dependency: hex, SHA-256 (TRON's base58check
// checksum), Keccak-256 (Ethereum's EIP-55 checksum and event topics) and base58. Synchronous, so
// that validating an address stays a plain function; the inputs are tens of bytes, so speed does
// not matter. Both Deno (the verifiers) and Node (the local chain emulator) import this file.

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new Error(`Not hex: ${hex}`);
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

// ---- SHA-256 (FIPS 180-4) ----
const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export function sha256(input: Uint8Array | string): Uint8Array {
  const data = typeof input === 'string' ? utf8(input) : input;
  const length = data.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K256[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => outView.setUint32(i * 4, word));
  return out;
}

// ---- Keccak-256 (the pre-standard padding Ethereum uses, not SHA3-256) ----
const MASK64 = (1n << 64n) - 1n;
const PI: number[] = [];
const ROTL: number[] = [];
const IOTA: bigint[] = [];
{
  let r = 1n;
  for (let round = 0, x = 1, y = 0; round < 24; round++) {
    [x, y] = [y, (2 * x + 3 * y) % 5];
    PI.push(5 * y + x);
    ROTL.push((((round + 1) * (round + 2)) / 2) % 64);
    let t = 0n;
    for (let j = 0; j < 7; j++) {
      r = ((r << 1n) ^ ((r >> 7n) * 0x71n)) % 256n;
      if (r & 2n) t ^= 1n << ((1n << BigInt(j)) - 1n);
    }
    IOTA.push(t);
  }
}
const rotl64 = (v: bigint, n: number) => ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK64;

function keccakF(s: bigint[]): void {
  const b: bigint[] = [0n, 0n, 0n, 0n, 0n];
  for (let round = 0; round < 24; round++) {
    for (let x = 0; x < 5; x++) b[x] = s[x]! ^ s[x + 5]! ^ s[x + 10]! ^ s[x + 15]! ^ s[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const d = b[(x + 4) % 5]! ^ rotl64(b[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) s[x + y] = s[x + y]! ^ d;
    }
    let current = s[1]!;
    for (let t = 0; t < 24; t++) {
      const target = PI[t]!;
      const saved = s[target]!;
      s[target] = rotl64(current, ROTL[t]!);
      current = saved;
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) b[x] = s[y + x]!;
      for (let x = 0; x < 5; x++) s[y + x] = b[x]! ^ ((b[(x + 1) % 5]! ^ MASK64) & b[(x + 2) % 5]!);
    }
    s[0] = s[0]! ^ IOTA[round]!;
  }
}

export function keccak256(input: Uint8Array | string): Uint8Array {
  const data = typeof input === 'string' ? utf8(input) : input;
  const rate = 136;
  const padded = new Uint8Array(Math.floor(data.length / rate) * rate + rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] ?? 0) ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state: bigint[] = new Array(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane++) {
      let value = 0n;
      for (let k = 7; k >= 0; k--) value = (value << 8n) | BigInt(padded[offset + lane * 8 + k]!);
      state[lane] = state[lane]! ^ value;
    }
    keccakF(state);
  }
  const out = new Uint8Array(32);
  for (let lane = 0; lane < 4; lane++) {
    let value = state[lane]!;
    for (let k = 0; k < 8; k++) {
      out[lane * 8 + k] = Number(value & 0xffn);
      value >>= 8n;
    }
  }
  return out;
}

// ---- base58 (Bitcoin alphabet) and base58check ----
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = '1' + out;
  }
  return out;
}

/** The bytes of a base58 text, or null when a character is outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return new Uint8Array(bytes);
}

/** base58 of the payload followed by the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).slice(0, 4);
  const full = new Uint8Array(payload.length + 4);
  full.set(payload);
  full.set(checksum, payload.length);
  return base58Encode(full);
}

/** The payload of a base58check text, or null when it is not base58 or its checksum is wrong. */
export function base58CheckDecode(text: string): Uint8Array | null {
  const full = base58Decode(text);
  if (!full || full.length < 5) return null;
  const payload = full.slice(0, -4);
  const checksum = sha256(sha256(payload)).slice(0, 4);
  return checksum.every((byte, i) => byte === full[full.length - 4 + i]) ? payload : null;
}
