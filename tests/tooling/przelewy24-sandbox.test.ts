// The local stack's Przelewy24 sandbox (scripts/stack/przelewy24.ts): its own signs pinned to the
// shared vectors (the PHP client's and the documented field lists), and the documented flow as a
// merchant's server sees it: register → payment page → 'Zapłać' → the signed notification to
// urlStatus (repeated until it is answered 200) → verify that checks its own sign → by sessionId.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { freePort, memoryLogger } from '@klub/local-supabase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationSign, p24Sign, registerSign, verifySign } from '../../scripts/stack/przelewy24-sign.ts';
import {
  przelewy24Service,
  resolveGatewayUrl,
  sandboxCredentials,
  startPrzelewy24Sandbox,
  type Przelewy24Sandbox,
} from '../../scripts/stack/przelewy24.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../../supabase/functions/_shared/testing/przelewy24-vectors.json', import.meta.url), 'utf8'),
) as {
  encoding: { fields: [string, string][]; sign: string };
  notification: { input: Parameters<typeof notificationSign>[0]; sign: string };
  register: { input: Parameters<typeof registerSign>[0]; sign: string }[];
  verify: { input: Parameters<typeof verifySign>[0]; sign: string };
};

describe('the sandbox’s signs (its own implementation, node:crypto)', () => {
  it('match the PHP client’s vectors', () => {
    expect(p24Sign(vectors.encoding.fields)).toBe(vectors.encoding.sign);
    expect(notificationSign(vectors.notification.input)).toBe(vectors.notification.sign);
  });
  it('match the documented register and verify field lists', () => {
    for (const vector of vectors.register) expect(registerSign(vector.input)).toBe(vector.sign);
    expect(verifySign(vectors.verify.input)).toBe(vectors.verify.sign);
  });
});

const CREDS = { merchantId: 11111, posId: 22222, crc: 'local-crc', apiKey: 'local-api-key' };
const AUTH = `Basic ${Buffer.from(`${CREDS.posId}:${CREDS.apiKey}`).toString('base64')}`;

/** A merchant's urlStatus: records each notification and answers what `answers` says (then 200). */
interface Receiver {
  url: string;
  received: Record<string, unknown>[];
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], answers: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(receiver.answers.shift() ?? 200);
      res.end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${port}/functions/v1/przelewy24-notification`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

let sandbox: Przelewy24Sandbox;
let receiver: Receiver;
let counter = 0;

beforeAll(async () => {
  sandbox = await startPrzelewy24Sandbox({
    port: await freePort(),
    log: memoryLogger(),
    credentials: CREDS,
    retryDelaysMs: [50, 50, 50],
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.close();
});
afterEach(async () => {
  await fetch(`${sandbox.url}/api/sandbox/rules`, { method: 'DELETE' });
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

/** A JSON answer as the tests read it (data.token, data.status, error, code). */
type Answer = {
  data: Record<string, unknown> & { token: string };
  error?: string;
  code?: number;
  responseCode?: number;
};

async function api(method: string, path: string, body?: unknown, auth: string | null = AUTH) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { ...(auth ? { Authorization: auth } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or empty
  }
  return { status: response.status, body: parsed as Answer, headers: response.headers };
}

function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const sessionId = `KLB-TEST${counter}/1`;
  const amount = 4900;
  return {
    merchantId: CREDS.merchantId,
    posId: CREDS.posId,
    sessionId,
    amount,
    currency: 'PLN',
    description: 'Plan START — KLB-TEST',
    email: 'anna@klub.local',
    country: 'PL',
    language: 'pl',
    urlReturn: 'http://127.0.0.1:5173/dashboard/investments?platnosc=KLB-TEST',
    urlStatus: receiver.url,
    sign: registerSign({ sessionId, merchantId: CREDS.merchantId, amount, currency: 'PLN', crc: CREDS.crc }),
    ...overrides,
  };
}

async function registered(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const answer = await api('POST', '/api/v1/transaction/register', body);
  expect(answer.status).toBe(200);
  return { ...body, token: answer.body.data.token as string };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('register', () => {
  it('answers a token for a correctly signed registration, with Basic posId:apiKey', async () => {
    const answer = await api('POST', '/api/v1/transaction/register', registration());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { token: expect.stringMatching(/^[A-Z0-9]{20,}$/) }, responseCode: 0 });
  });

  it('refuses wrong credentials with 401 and a wrong sign, merchant or amount with 400', async () => {
    expect((await api('POST', '/api/v1/transaction/register', registration(), null)).status).toBe(401);
    const wrongKey = `Basic ${Buffer.from(`${CREDS.posId}:other`).toString('base64')}`;
    expect((await api('POST', '/api/v1/transaction/register', registration(), wrongKey)).body).toEqual({
      error: 'Incorrect authentication',
      code: 401,
    });
    expect((await api('POST', '/api/v1/transaction/register', registration({ sign: 'f'.repeat(96) }))).body).toEqual({
      error: 'Incorrect CRC value',
      code: 400,
    });
    // The sign covers the amount: a changed amount with the old sign is refused.
    expect((await api('POST', '/api/v1/transaction/register', registration({ amount: 100 }))).status).toBe(400);
    expect((await api('POST', '/api/v1/transaction/register', registration({ merchantId: 1 }))).status).toBe(400);
    expect((await api('POST', '/api/v1/transaction/register', registration({ amount: 49.5 }))).status).toBe(400);
  });

  it('refuses a sessionId registered before (a new registration needs a new sessionId)', async () => {
    const first = await registered();
    const again = await api('POST', '/api/v1/transaction/register', { ...first, token: undefined });
    expect(again.status).toBe(400);
  });
});

describe('the payment page', () => {
  it('shows the amount and the two buttons; Anuluj returns without a notification', async () => {
    const tx = await registered();
    const page = await fetch(`${sandbox.url}/trnRequest/${tx.token}`);
    const html = await page.text();
    expect(html).toContain('49,00 PLN');
    expect(html).toContain('>Zapłać</button>');
    expect(html).toContain('>Anuluj</button>');
    const cancelled = await api('POST', `/trnRequest/${tx.token}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(tx.urlReturn);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toEqual([]);
    const found = await api('GET', `/api/v1/transaction/by/sessionId/${encodeURIComponent(tx.sessionId)}`);
    expect(found.body.data.status).toBe(0);
  });

  it('Zapłać returns to urlReturn and sends the documented, signed notification', async () => {
    const tx = await registered();
    const paid = await api('POST', `/trnRequest/${tx.token}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(tx.urlReturn);
    await until(() => receiver.received.length === 1);
    const notification = receiver.received[0] as Record<string, unknown>;
    expect(Object.keys(notification)).toEqual([
      'merchantId',
      'posId',
      'sessionId',
      'amount',
      'originAmount',
      'currency',
      'orderId',
      'methodId',
      'statement',
      'sign',
    ]);
    expect(notification).toMatchObject({
      merchantId: CREDS.merchantId,
      posId: CREDS.posId,
      sessionId: tx.sessionId,
      amount: 4900,
    });
    const { sign, ...fields } = notification;
    expect(sign).toBe(
      notificationSign({ ...(fields as Omit<Parameters<typeof notificationSign>[0], 'crc'>), crc: CREDS.crc }),
    );
  });

  it('repeats the notification until urlStatus answers 200, then stops', async () => {
    receiver.answers.push(500, 503);
    const tx = await registered();
    await api('POST', `/trnRequest/${tx.token}/pay`);
    await until(() => receiver.received.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.received).toHaveLength(3);
    expect(sandbox.transactions.get(tx.token)?.deliveries.map((d) => d.status)).toEqual([500, 503, 200]);
    expect(sandbox.transactions.get(tx.token)?.notified).toBe(true);
  });

  it('sends nothing when told the notification is lost (rules.notify = false)', async () => {
    await api('POST', '/api/sandbox/rules', { notify: false });
    const tx = await registered();
    await api('POST', `/api/sandbox/transactions/${tx.token}/pay`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toEqual([]);
    const found = await api('GET', `/api/v1/transaction/by/sessionId/${encodeURIComponent(tx.sessionId)}`);
    expect(found.body.data).toMatchObject({ status: 1, amount: 4900, currency: 'PLN', sessionId: tx.sessionId });
  });
});

describe('verify and by sessionId', () => {
  async function paidTransaction() {
    const tx = await registered();
    await api('POST', `/api/sandbox/transactions/${tx.token}/pay`);
    await until(() => receiver.received.some((n) => n.sessionId === tx.sessionId));
    const orderId = receiver.received.find((n) => n.sessionId === tx.sessionId)?.orderId as number;
    return { ...tx, orderId };
  }
  const verifyBody = (tx: { sessionId: string; orderId: number }, amount = 4900, crc = CREDS.crc) => ({
    merchantId: CREDS.merchantId,
    posId: CREDS.posId,
    sessionId: tx.sessionId,
    amount,
    currency: 'PLN',
    orderId: tx.orderId,
    sign: verifySign({ sessionId: tx.sessionId, orderId: tx.orderId, amount, currency: 'PLN', crc }),
  });

  it('verifies a paid transaction signed with the CRC key; status 2 afterwards', async () => {
    const tx = await paidTransaction();
    const verified = await api('PUT', '/api/v1/transaction/verify', verifyBody(tx));
    expect(verified).toMatchObject({ status: 200, body: { data: { status: 'success' }, responseCode: 0 } });
    const found = await api('GET', `/api/v1/transaction/by/sessionId/${encodeURIComponent(tx.sessionId)}`);
    expect(found.body.data).toMatchObject({ orderId: tx.orderId, status: 2, amount: 4900 });
  });

  it('refuses a wrong sign, another amount, another orderId and an unpaid transaction', async () => {
    const tx = await paidTransaction();
    expect((await api('PUT', '/api/v1/transaction/verify', verifyBody(tx, 4900, 'other'))).body).toEqual({
      error: 'Incorrect CRC value',
      code: 400,
    });
    expect((await api('PUT', '/api/v1/transaction/verify', verifyBody(tx, 100))).status).toBe(400);
    expect(
      (await api('PUT', '/api/v1/transaction/verify', verifyBody({ ...tx, orderId: tx.orderId + 1 }))).status,
    ).toBe(400);
    expect((await api('PUT', '/api/v1/transaction/verify', verifyBody(tx), null)).status).toBe(401);
    const unpaid = await registered();
    expect((await api('PUT', '/api/v1/transaction/verify', verifyBody({ ...unpaid, orderId: 1 }))).status).toBe(400);
  });

  it('answers as told by the rules (a failing verify)', async () => {
    const tx = await paidTransaction();
    await api('POST', '/api/sandbox/rules', { verifyStatus: 500, verifyError: 'Service unavailable' });
    expect((await api('PUT', '/api/v1/transaction/verify', verifyBody(tx))).body).toEqual({
      error: 'Service unavailable',
      code: 500,
    });
  });

  it('answers 404 for an unknown sessionId', async () => {
    expect((await api('GET', '/api/v1/transaction/by/sessionId/nope')).body).toEqual({
      error: 'Transaction does not exist',
      code: 404,
    });
  });
});

describe('as a service of the stack', () => {
  it('takes the functions’ credentials in sandbox mode and points a local API URL at itself', async () => {
    const env = {
      PRZELEWY24_MODE: 'sandbox',
      PRZELEWY24_MERCHANT_ID: '11111',
      PRZELEWY24_POS_ID: '22222',
      PRZELEWY24_CRC_KEY: 'c',
      PRZELEWY24_API_KEY: 'k',
    };
    expect(sandboxCredentials(env)).toEqual({ merchantId: 11111, posId: 22222, crc: 'c', apiKey: 'k' });
    expect(sandboxCredentials({ ...env, PRZELEWY24_MODE: 'production' })).toBeNull();
    expect(sandboxCredentials({ ...env, PRZELEWY24_CRC_KEY: '' })).toBeNull();
    expect(resolveGatewayUrl(undefined, 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9');
    expect(resolveGatewayUrl('http://host.docker.internal:54328', 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9');
    expect(resolveGatewayUrl('https://sandbox.przelewy24.pl', 'http://127.0.0.1:9')).toBe(
      'https://sandbox.przelewy24.pl',
    );

    const running = await przelewy24Service.start({ port: await freePort(), log: memoryLogger() });
    try {
      expect(running.functionEnv?.(env)).toEqual({ PRZELEWY24_API_URL: running.url });
      expect(running.functionEnv?.({ ...env, PRZELEWY24_MODE: 'production' })).toEqual({});
    } finally {
      await running.stop();
    }
  });
});
