// The local stack's Przelewy24 sandbox: the gateway's endpoints this app uses, as the REST API v1
// documentation describes them (docs/deploy.md, "Przelewy24"), so the register and notification functions
// run end to end on a laptop. It is one of the app's services in local-supabase.config.ts: the stack
// starts it on the API port + 9 (STACK_PRZELEWY24_PORT moves it), gives it the credentials the
// functions are given (supabase/.env: PRZELEWY24_MERCHANT_ID, _POS_ID, _CRC_KEY, _API_KEY) and points
// the functions' PRZELEWY24_API_URL at it while PRZELEWY24_MODE is sandbox.
//
//   POST /api/v1/transaction/register         Basic posId:apiKey; the documented body and sign
//                                             → 200 {"data":{"token"},"responseCode":0}
//   GET  /trnRequest/{token}                  the payment page: amount, description, 'Zapłać', 'Anuluj'
//   POST /trnRequest/{token}/pay | /cancel    the page's buttons → 303 to urlReturn; after 'Zapłać'
//                                             the signed notification goes to urlStatus, repeated
//                                             until it is answered 200 (retryDelaysMs, as the real
//                                             gateway repeats a notification that was not accepted)
//   PUT  /api/v1/transaction/verify           Basic auth; checks its own sign, the sessionId,
//                                             orderId, amount and currency → {"data":{"status":"success"}}
//   GET  /api/v1/transaction/by/sessionId/{id} Basic auth → {"data":{orderId, sessionId, status, amount,
//                                             currency, …}} (status 0 no payment, 1 paid, 2 verified)
// Errors answer as the gateway does: {"error": "...", "code": <HTTP status>}.
// Test hooks (not the gateway's): GET/DELETE /api/sandbox/transactions, POST
// /api/sandbox/transactions/{token}/pay|cancel (JSON, as the buttons), POST /api/sandbox/rules
// {verifyStatus?, verifyError?, notify?: false} and DELETE /api/sandbox/rules.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { LocalService, Logger } from '@klub/local-supabase';
import { notificationSign, registerSign, sameSign, verifySign } from './przelewy24-sign.ts';

export interface SandboxCredentials {
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
}

export type SandboxStatus = 'registered' | 'paid' | 'verified' | 'cancelled';

export interface Delivery {
  at: string;
  status: number | null;
  error?: string;
}

export interface SandboxTransaction {
  token: string;
  orderId: number;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  urlReturn: string;
  urlStatus: string | null;
  methodId: number;
  statement: string;
  status: SandboxStatus;
  registeredAt: string;
  paidAt: string | null;
  deliveries: Delivery[];
  /** True once urlStatus answered 200 (or there is no urlStatus). */
  notified: boolean;
}

export interface SandboxRules {
  /** Verify answers this HTTP status with verifyError (default: the real checks). */
  verifyStatus?: number;
  verifyError?: string;
  /** false: a payment sends no notification (a lost notification). */
  notify?: boolean;
}

export interface Przelewy24Sandbox {
  url: string;
  transactions: Map<string, SandboxTransaction>;
  setCredentials(credentials: SandboxCredentials): void;
  /** Pays (as 'Zapłać') and starts the notification; resolves when its first attempt ended. */
  pay(token: string): Promise<SandboxTransaction>;
  stop(): Promise<void>;
}

/** Real P24 repeats an unanswered notification for hours; locally the same rhythm, much shorter. */
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000, 120_000];
const CURRENCIES = new Set(['PLN', 'EUR', 'GBP', 'CZK']);
const BLIK_METHOD_ID = 154;

class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage, limit = 256 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new GatewayError(413, 'Request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

function formatAmount(grosze: number, currency: string): string {
  return `${Math.floor(grosze / 100)},${String(grosze % 100).padStart(2, '0')} ${currency}`;
}

function paymentPage(tx: SandboxTransaction): string {
  const closed = tx.status !== 'registered';
  return `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Przelewy24 (lokalny sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f4;color:#1a1a1a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem;border-radius:12px;max-width:26rem;width:90%;box-shadow:0 2px 12px #0002}
h1{font-size:1.2rem}p.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.75rem 1.5rem;border-radius:8px;border:2px solid #c4001a;cursor:pointer}
.pay{background:#c4001a;color:#fff}.cancel{background:#fff;color:#c4001a}</style></head>
<body><main>
<h1>Przelewy24 — lokalny sandbox</h1>
<p>${escapeHtml(tx.description)}</p>
<p class="amount">${formatAmount(tx.amount, tx.currency)}</p>
<p>Transakcja ${tx.orderId} · ${escapeHtml(tx.email)}</p>
${
  closed
    ? `<p role="status">Ta transakcja jest już zamknięta (${tx.status}).</p><p><a href="${escapeHtml(tx.urlReturn)}">Wróć do sklepu</a></p>`
    : `<div class="actions">
<form method="post" action="/trnRequest/${encodeURIComponent(tx.token)}/pay"><button class="pay" type="submit">Zapłać</button></form>
<form method="post" action="/trnRequest/${encodeURIComponent(tx.token)}/cancel"><button class="cancel" type="submit">Anuluj</button></form>
</div>`
}
</main></body></html>`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPrzelewy24Sandbox({
  port,
  log,
  credentials: initial,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
}: {
  port: number;
  log: Logger;
  credentials?: SandboxCredentials;
  retryDelaysMs?: number[];
}): Promise<Przelewy24Sandbox> {
  let credentials = initial ?? null;
  let rules: SandboxRules = {};
  let stopped = false;
  const transactions = new Map<string, SandboxTransaction>();
  const bySession = new Map<string, SandboxTransaction>();
  let nextOrderId = 300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  function authenticate(req: IncomingMessage): SandboxCredentials {
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const [user, ...rest] = match
      ? Buffer.from(match[1] as string, 'base64')
          .toString('utf8')
          .split(':')
      : [];
    if (!credentials || !match || user !== String(credentials.posId) || rest.join(':') !== credentials.apiKey) {
      throw new GatewayError(401, 'Incorrect authentication');
    }
    return credentials;
  }

  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    try {
      const parsed = JSON.parse(await readBody(req)) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof GatewayError) throw error;
    }
    throw new GatewayError(400, 'Invalid input data: the body must be a JSON object');
  }

  function requireInt(body: Record<string, unknown>, name: string): number {
    const value = body[name];
    if (!Number.isSafeInteger(value)) throw new GatewayError(400, `Invalid input data: ${name}`);
    return value as number;
  }

  function requireString(body: Record<string, unknown>, name: string, max: number): string {
    const value = body[name];
    if (typeof value !== 'string' || !value || value.length > max) {
      throw new GatewayError(400, `Invalid input data: ${name}`);
    }
    return value;
  }

  function isHttpUrl(value: string): boolean {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }

  async function register(req: IncomingMessage, res: ServerResponse) {
    const creds = authenticate(req);
    const body = await jsonBody(req);
    const merchantId = requireInt(body, 'merchantId');
    const posId = requireInt(body, 'posId');
    const sessionId = requireString(body, 'sessionId', 100);
    const amount = requireInt(body, 'amount');
    const currency = requireString(body, 'currency', 3);
    const description = requireString(body, 'description', 1024);
    const email = requireString(body, 'email', 50);
    requireString(body, 'country', 2);
    requireString(body, 'language', 2);
    const urlReturn = requireString(body, 'urlReturn', 250);
    const urlStatus =
      body.urlStatus === undefined || body.urlStatus === null ? null : requireString(body, 'urlStatus', 250);
    const sign = requireString(body, 'sign', 100);
    if (amount <= 0) throw new GatewayError(400, 'Invalid input data: amount');
    if (!CURRENCIES.has(currency)) throw new GatewayError(400, 'Invalid input data: currency');
    if (!isHttpUrl(urlReturn) || (urlStatus !== null && !isHttpUrl(urlStatus))) {
      throw new GatewayError(400, 'Invalid input data: urlReturn or urlStatus');
    }
    if (merchantId !== creds.merchantId || posId !== creds.posId) {
      throw new GatewayError(400, 'Invalid input data: merchantId or posId');
    }
    if (!sameSign(sign, registerSign({ sessionId, merchantId, amount, currency, crc: creds.crc }))) {
      throw new GatewayError(400, 'Incorrect CRC value');
    }
    if (bySession.has(sessionId)) throw new GatewayError(400, 'Invalid input data: sessionId already used');
    const orderId = (nextOrderId += 1);
    const tx: SandboxTransaction = {
      token: randomBytes(18)
        .toString('base64url')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X'),
      orderId,
      sessionId,
      amount,
      currency,
      description,
      email,
      urlReturn,
      urlStatus,
      methodId: BLIK_METHOD_ID,
      statement: `p24-${String(orderId).slice(0, 3)}-${String(orderId).slice(3, 6)}-${String(orderId).slice(6)}`,
      status: 'registered',
      registeredAt: new Date().toISOString(),
      paidAt: null,
      deliveries: [],
      notified: urlStatus === null,
    };
    transactions.set(tx.token, tx);
    bySession.set(sessionId, tx);
    log.debug('functions', `przelewy24 sandbox: registered ${sessionId} (${formatAmount(amount, currency)})`);
    send(res, 200, { data: { token: tx.token }, responseCode: 0 });
  }

  /** One attempt: true when urlStatus answered 200. */
  async function deliver(tx: SandboxTransaction): Promise<boolean> {
    if (!credentials || !tx.urlStatus) return true;
    const notification = {
      merchantId: credentials.merchantId,
      posId: credentials.posId,
      sessionId: tx.sessionId,
      amount: tx.amount,
      originAmount: tx.amount,
      currency: tx.currency,
      orderId: tx.orderId,
      methodId: tx.methodId,
      statement: tx.statement,
    };
    const sign = notificationSign({ ...notification, crc: credentials.crc });
    try {
      const response = await fetch(tx.urlStatus, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...notification, sign }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      tx.deliveries.push({ at: new Date().toISOString(), status: response.status });
      return response.status === 200;
    } catch (error) {
      tx.deliveries.push({ at: new Date().toISOString(), status: null, error: (error as Error).message });
      return false;
    }
  }

  async function notifyWithRetries(tx: SandboxTransaction, first: Promise<boolean>) {
    let ok = await first;
    for (const delay of retryDelaysMs) {
      if (ok || stopped) break;
      await sleep(delay);
      if (stopped) break;
      ok = await deliver(tx);
    }
    tx.notified = ok;
    if (!ok) log.info('functions', `przelewy24 sandbox: the notification of ${tx.sessionId} was never accepted`);
  }

  async function pay(token: string): Promise<SandboxTransaction> {
    const tx = transactions.get(token);
    if (!tx) throw new GatewayError(404, 'Transaction does not exist');
    if (tx.status !== 'registered') throw new GatewayError(400, `Transaction is ${tx.status}`);
    tx.status = 'paid';
    tx.paidAt = new Date().toISOString();
    if (rules.notify === false || !tx.urlStatus) return tx;
    const first = deliver(tx);
    void notifyWithRetries(tx, first);
    await first;
    return tx;
  }

  function cancel(token: string): SandboxTransaction {
    const tx = transactions.get(token);
    if (!tx) throw new GatewayError(404, 'Transaction does not exist');
    if (tx.status !== 'registered') throw new GatewayError(400, `Transaction is ${tx.status}`);
    tx.status = 'cancelled';
    return tx;
  }

  async function verify(req: IncomingMessage, res: ServerResponse) {
    const creds = authenticate(req);
    const body = await jsonBody(req);
    const merchantId = requireInt(body, 'merchantId');
    const posId = requireInt(body, 'posId');
    const sessionId = requireString(body, 'sessionId', 100);
    const amount = requireInt(body, 'amount');
    const currency = requireString(body, 'currency', 3);
    const orderId = requireInt(body, 'orderId');
    const sign = requireString(body, 'sign', 100);
    if (rules.verifyStatus) throw new GatewayError(rules.verifyStatus, rules.verifyError ?? 'Verification failed');
    if (merchantId !== creds.merchantId || posId !== creds.posId) {
      throw new GatewayError(400, 'Invalid input data: merchantId or posId');
    }
    if (!sameSign(sign, verifySign({ sessionId, orderId, amount, currency, crc: creds.crc }))) {
      throw new GatewayError(400, 'Incorrect CRC value');
    }
    const tx = bySession.get(sessionId);
    if (!tx || tx.orderId !== orderId) throw new GatewayError(400, 'Transaction does not exist');
    if (tx.amount !== amount || tx.currency !== currency) throw new GatewayError(400, 'Invalid amount or currency');
    if (tx.status !== 'paid' && tx.status !== 'verified') throw new GatewayError(400, 'Transaction is not paid');
    tx.status = 'verified';
    send(res, 200, { data: { status: 'success' }, responseCode: 0 });
  }

  function statusCode(tx: SandboxTransaction): number {
    return tx.status === 'verified' ? 2 : tx.status === 'paid' ? 1 : 0;
  }

  function bySessionId(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    authenticate(req);
    const tx = bySession.get(sessionId);
    if (!tx) throw new GatewayError(404, 'Transaction does not exist');
    const date = (iso: string | null) => (iso ? iso.replace(/[-T:]/g, '').slice(0, 12) : '');
    send(res, 200, {
      data: {
        orderId: tx.orderId,
        sessionId: tx.sessionId,
        status: statusCode(tx),
        amount: tx.amount,
        currency: tx.currency,
        date: date(tx.registeredAt),
        dateOfTransaction: date(tx.paidAt),
        clientEmail: tx.email,
        accountMD5: '',
        paymentMethod: tx.status === 'registered' || tx.status === 'cancelled' ? 0 : tx.methodId,
        description: tx.description,
        clientName: '',
        clientAddress: '',
        clientCity: '',
        clientPostcode: '',
        batchId: 0,
        fee: '0',
        statement: tx.statement,
      },
      responseCode: 0,
    });
  }

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (method === 'POST' && path === '/api/v1/transaction/register') return register(req, res);
    if (method === 'PUT' && path === '/api/v1/transaction/verify') return verify(req, res);
    const session = /^\/api\/v1\/transaction\/by\/sessionId\/([^/]+)$/.exec(path);
    if (method === 'GET' && session) return bySessionId(req, res, decodeURIComponent(session[1] as string));
    const page = /^\/trnRequest\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) {
      const tx = transactions.get(decodeURIComponent(page[1] as string));
      if (!tx)
        return send(res, 404, '<!doctype html><title>Przelewy24</title><p>Nie ma takiej transakcji.</p>', 'text/html');
      if (method === 'GET' && !page[2]) return send(res, 200, paymentPage(tx), 'text/html');
      if (method === 'POST' && page[2]) {
        await readBody(req);
        if (tx.status === 'registered') {
          if (page[2] === 'pay') await pay(tx.token);
          else cancel(tx.token);
        }
        res.writeHead(303, { Location: tx.urlReturn, 'Content-Length': 0 });
        return res.end();
      }
    }
    if (path === '/api/sandbox/transactions') {
      if (method === 'GET') return send(res, 200, [...transactions.values()]);
      if (method === 'DELETE') {
        transactions.clear();
        bySession.clear();
        return send(res, 200, 'ok');
      }
    }
    const control = /^\/api\/sandbox\/transactions\/([^/]+)\/(pay|cancel)$/.exec(path);
    if (method === 'POST' && control) {
      const token = decodeURIComponent(control[1] as string);
      return send(res, 200, control[2] === 'pay' ? await pay(token) : cancel(token));
    }
    if (path === '/api/sandbox/rules') {
      if (method === 'GET') return send(res, 200, rules);
      if (method === 'POST') {
        rules = { ...rules, ...((await jsonBody(req)) as SandboxRules) };
        return send(res, 200, rules);
      }
      if (method === 'DELETE') {
        rules = {};
        return send(res, 200, rules);
      }
    }
    if (method === 'GET' && path === '/') {
      return send(res, 200, {
        service: 'Local Przelewy24 sandbox (REST API v1: register, payment page, notification, verify, by sessionId)',
        configured: credentials !== null,
      });
    }
    throw new GatewayError(404, `Not found: ${method} ${path}`);
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      const status = error instanceof GatewayError ? error.status : 500;
      send(res, status, { error: (error as Error).message, code: status });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    transactions,
    setCredentials(next) {
      credentials = next;
    },
    pay,
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The credentials the functions are given, when they are complete and the mode is sandbox. */
export function sandboxCredentials(env: Readonly<Record<string, string>>): SandboxCredentials | null {
  const merchantId = Number(env.PRZELEWY24_MERCHANT_ID);
  const posId = Number(env.PRZELEWY24_POS_ID || env.PRZELEWY24_MERCHANT_ID);
  const crc = env.PRZELEWY24_CRC_KEY ?? '';
  const apiKey = env.PRZELEWY24_API_KEY ?? '';
  if ((env.PRZELEWY24_MODE ?? '').trim() !== 'sandbox') return null;
  if (!Number.isSafeInteger(merchantId) || merchantId <= 0 || !Number.isSafeInteger(posId) || !crc || !apiKey) {
    return null;
  }
  return { merchantId, posId, crc, apiKey };
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', 'host.docker.internal', '0.0.0.0']);

/**
 * The API URL the functions use: in sandbox mode an unset or local PRZELEWY24_API_URL goes to this
 * sandbox; a real URL (https://sandbox.przelewy24.pl, set in the shell or supabase/functions/.env) is kept.
 */
export function resolveGatewayUrl(configured: string | undefined, sandboxUrl: string): string {
  if (!configured) return sandboxUrl;
  try {
    return LOCAL_HOSTS.has(new URL(configured).hostname) ? sandboxUrl : configured;
  } catch {
    return configured;
  }
}

/** The sandbox as a service of the local stack (local-supabase.config.ts). */
export const przelewy24Service: LocalService = {
  name: 'przelewy24',
  portOffset: 9,
  description: 'Przelewy24 sandbox (register, payment page, notification, verify)',
  async start({ port, log }) {
    const sandbox = await startPrzelewy24Sandbox({ port, log });
    return {
      url: sandbox.url,
      functionEnv: (configured): Record<string, string> => {
        const credentials = sandboxCredentials(configured);
        if (!credentials) return {};
        sandbox.setCredentials(credentials);
        return { PRZELEWY24_API_URL: resolveGatewayUrl(configured.PRZELEWY24_API_URL, sandbox.url) };
      },
      stop: sandbox.stop,
    };
  },
};
