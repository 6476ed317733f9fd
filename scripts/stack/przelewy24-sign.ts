// The local Przelewy24 sandbox's own signs, on node:crypto. Deliberately not shared with the edge
// functions' module (supabase/functions/_shared/przelewy24.ts, WebCrypto): both are pinned to the
// same vectors (supabase/functions/_shared/testing/przelewy24-vectors.json: the PHP client's own and
// the documented field lists), so a mistake in one cannot be hidden by the same mistake in the other.
import { createHash, timingSafeEqual } from 'node:crypto';

/** PHP's json_encode($fields, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), then SHA-384 hex. */
export function p24Sign(fields: [string, string | number][]): string {
  let json = '{';
  fields.forEach(([name, value], index) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new TypeError(`${name} must be an integer`);
    json += `${index ? ',' : ''}${JSON.stringify(name)}:${typeof value === 'number' ? String(value) : phpString(value)}`;
  });
  json += '}';
  return createHash('sha384').update(json, 'utf8').digest('hex');
}

function phpString(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function registerSign(p: {
  sessionId: string;
  merchantId: number;
  amount: number;
  currency: string;
  crc: string;
}) {
  return p24Sign([
    ['sessionId', p.sessionId],
    ['merchantId', p.merchantId],
    ['amount', p.amount],
    ['currency', p.currency],
    ['crc', p.crc],
  ]);
}

export function notificationSign(p: {
  merchantId: number;
  posId: number;
  sessionId: string;
  amount: number;
  originAmount: number;
  currency: string;
  orderId: number;
  methodId: number;
  statement: string;
  crc: string;
}) {
  return p24Sign([
    ['merchantId', p.merchantId],
    ['posId', p.posId],
    ['sessionId', p.sessionId],
    ['amount', p.amount],
    ['originAmount', p.originAmount],
    ['currency', p.currency],
    ['orderId', p.orderId],
    ['methodId', p.methodId],
    ['statement', p.statement],
    ['crc', p.crc],
  ]);
}

export function verifySign(p: { sessionId: string; orderId: number; amount: number; currency: string; crc: string }) {
  return p24Sign([
    ['sessionId', p.sessionId],
    ['orderId', p.orderId],
    ['amount', p.amount],
    ['currency', p.currency],
    ['crc', p.crc],
  ]);
}

export function sameSign(a: unknown, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b));
}
