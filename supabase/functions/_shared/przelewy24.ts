// Przelewy24 REST API v1: the checksums ("sign") of the calls this app makes and receives, and the
// small client of the three endpoints it uses. Pure WebCrypto and fetch (no library: the protocol is
// four JSON shapes and one hash).
//
// A sign is the SHA-384 (lower-case hex) of a JSON object whose fields and their order are fixed by
// the documentation, encoded as PHP's json_encode(…, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)
// encodes it (the documentation's own instruction): no spaces, "/" and non-ASCII characters as they
// are. JSON.stringify encodes strings and integers the same way except U+2028 and U+2029, which PHP
// still escapes; signJson() escapes them as PHP does. The contract tests (przelewy24_test.ts) pin
// this to the maintained PHP client's own vectors (mnastalski/przelewy24-php) and to the
// documentation's field lists; the local sandbox (scripts/stack/przelewy24) has its own
// implementation on node:crypto, pinned to the same vectors, so the two cannot drift together.
//
//   register      POST /api/v1/transaction/register   {"sessionId","merchantId","amount","currency","crc"}
//   notification  POST <urlStatus> (from the gateway) {"merchantId","posId","sessionId","amount",
//                                                      "originAmount","currency","orderId","methodId",
//                                                      "statement","crc"}
//   verify        PUT  /api/v1/transaction/verify     {"sessionId","orderId","amount","currency","crc"}
//   by sessionId  GET  /api/v1/transaction/by/sessionId/{sessionId} (no sign)
// Every API call authenticates with HTTP Basic: the POS id as the user, the API (reports) key as the
// password. Amounts are integers in the lowest unit (grosze: 1.23 PLN = 123).

export const PRODUCTION_URL = 'https://secure.przelewy24.pl';
export const SANDBOX_URL = 'https://sandbox.przelewy24.pl';

type SignValue = string | number;

/** The JSON text a sign is computed over: json_encode with unescaped unicode and slashes. */
export function signJson(fields: ReadonlyArray<readonly [string, SignValue]>): string {
  for (const [name, value] of fields) {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new TypeError(`Przelewy24 sign: ${name} must be an integer`);
    }
  }
  return JSON.stringify(Object.fromEntries(fields)).replace(/[\u2028\u2029]/g, (c) =>
    c === '\u2028' ? '\\u2028' : '\\u2029',
  );
}

/** SHA-384 of a text, lower-case hex (WebCrypto). */
export async function sha384Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-384', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RegisterSignInput {
  sessionId: string;
  merchantId: number;
  amount: number;
  currency: string;
  crc: string;
}

export interface NotificationSignInput {
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
}

export interface VerifySignInput {
  sessionId: string;
  orderId: number;
  amount: number;
  currency: string;
  crc: string;
}

export function registerSignJson(p: RegisterSignInput): string {
  return signJson([
    ['sessionId', p.sessionId],
    ['merchantId', p.merchantId],
    ['amount', p.amount],
    ['currency', p.currency],
    ['crc', p.crc],
  ]);
}

export function notificationSignJson(p: NotificationSignInput): string {
  return signJson([
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

export function verifySignJson(p: VerifySignInput): string {
  return signJson([
    ['sessionId', p.sessionId],
    ['orderId', p.orderId],
    ['amount', p.amount],
    ['currency', p.currency],
    ['crc', p.crc],
  ]);
}

export const registerSign = (p: RegisterSignInput) => sha384Hex(registerSignJson(p));
export const notificationSign = (p: NotificationSignInput) => sha384Hex(notificationSignJson(p));
export const verifySign = (p: VerifySignInput) => sha384Hex(verifySignJson(p));

/** Compares two hex signs in time independent of where they differ. */
export function sameSign(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x.charCodeAt(i) || 0) ^ (y.charCodeAt(i) || 0);
  return diff === 0;
}

/** The notification's body as the gateway sends it to urlStatus (JSON). */
export interface Notification {
  merchantId: number;
  posId: number;
  sessionId: string;
  amount: number;
  originAmount: number;
  currency: string;
  orderId: number;
  methodId: number;
  statement: string;
  sign: string;
}

const NOTIFICATION_INTEGERS = ['merchantId', 'posId', 'amount', 'originAmount', 'orderId', 'methodId'] as const;
const NOTIFICATION_STRINGS = ['sessionId', 'currency', 'statement', 'sign'] as const;

/** The notification's fields, typed; null when a field is missing or of the wrong type. */
export function parseNotification(body: unknown): Notification | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const name of NOTIFICATION_INTEGERS) if (!Number.isSafeInteger(record[name])) return null;
  for (const name of NOTIFICATION_STRINGS) if (typeof record[name] !== 'string') return null;
  return Object.fromEntries(
    [...NOTIFICATION_INTEGERS, ...NOTIFICATION_STRINGS].map((name) => [name, record[name]]),
  ) as unknown as Notification;
}

/** Whether a notification's sign is the one its fields and the CRC key give. */
export async function notificationSignValid(notification: Notification, crc: string): Promise<boolean> {
  return sameSign(notification.sign, await notificationSign({ ...notification, crc }));
}

// ---- The client ---------------------------------------------------------------------------

export interface GatewayConfig {
  /** https://secure.przelewy24.pl, https://sandbox.przelewy24.pl or the local stack's sandbox. */
  baseUrl: string;
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
  timeoutMs?: number;
}

export interface RegisterInput {
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  urlReturn: string;
  urlStatus: string;
  language?: string;
  country?: string;
}

/** What a call answered: the HTTP status, the parsed body (or the text) and what was sent. */
export interface GatewayCall<T = unknown> {
  ok: boolean;
  status: number;
  body: T | string | null;
  /** The request body as sent (for the events log; never contains the API key). */
  sent: unknown;
}

/** The gateway could not be reached (network error or timeout). */
export class GatewayUnreachableError extends Error {
  constructor(
    readonly endpoint: string,
    cause: unknown,
  ) {
    super(`Przelewy24 ${endpoint}: unreachable (${(cause as Error)?.name ?? 'error'})`);
  }
}

function basicAuth(config: GatewayConfig): string {
  return `Basic ${btoa(`${config.posId}:${config.apiKey}`)}`;
}

export function createGatewayClient(config: GatewayConfig, send: typeof fetch = fetch) {
  const base = config.baseUrl.replace(/\/+$/, '');
  async function call<T>(endpoint: string, method: string, path: string, body?: unknown): Promise<GatewayCall<T>> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          Authorization: basicAuth(config),
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new GatewayUnreachableError(endpoint, error);
    }
    const text = await response.text();
    let parsed: T | string | null = text || null;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      // kept as text
    }
    return { ok: response.ok, status: response.status, body: parsed, sent: body ?? null };
  }

  return {
    /** Registers a transaction; the body's data.token leads to `${baseUrl}/trnRequest/${token}`. */
    async register(input: RegisterInput): Promise<GatewayCall<{ data?: { token?: string }; responseCode?: number }>> {
      const sign = await registerSign({ ...input, merchantId: config.merchantId, crc: config.crc });
      return call('register', 'POST', '/api/v1/transaction/register', {
        merchantId: config.merchantId,
        posId: config.posId,
        sessionId: input.sessionId,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        email: input.email,
        country: input.country ?? 'PL',
        language: input.language ?? 'pl',
        urlReturn: input.urlReturn,
        urlStatus: input.urlStatus,
        sign,
      });
    },
    /** Verifies (books) a paid transaction; 200 with data.status "success" when it is booked. */
    async verify(input: {
      sessionId: string;
      orderId: number;
      amount: number;
      currency: string;
    }): Promise<GatewayCall<{ data?: { status?: string }; responseCode?: number }>> {
      const sign = await verifySign({ ...input, crc: config.crc });
      return call('verify', 'PUT', '/api/v1/transaction/verify', {
        merchantId: config.merchantId,
        posId: config.posId,
        sessionId: input.sessionId,
        amount: input.amount,
        currency: input.currency,
        orderId: input.orderId,
        sign,
      });
    },
    /** The transaction of a sessionId (status 0 no payment, 1 advance, 2 paid and verified, 3 returned). */
    bySessionId(sessionId: string): Promise<GatewayCall<{ data?: TransactionBySession; responseCode?: number }>> {
      return call('by-session', 'GET', `/api/v1/transaction/by/sessionId/${encodeURIComponent(sessionId)}`);
    },
    paymentUrl(token: string): string {
      return `${base}/trnRequest/${encodeURIComponent(token)}`;
    },
  };
}

export type GatewayClient = ReturnType<typeof createGatewayClient>;

export interface TransactionBySession {
  orderId: number;
  sessionId: string;
  status: number;
  amount: number;
  currency: string;
  statement?: string;
  paymentMethod?: number;
}

/** PLN amount of an order (numeric(12,2) as text or number) in grosze, exactly (no float rounding). */
export function toGrosze(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new TypeError(`not an amount: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
