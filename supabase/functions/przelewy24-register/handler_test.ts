// The register function with an in-memory store and a fake gateway: who may register, what the
// gateway receives (amount and currency from the order, a new session per attempt, our return and
// status URLs) and the events each registration leaves.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import { registerSign } from '../_shared/przelewy24.ts';
import { fakeGateway, memoryOrder, memoryStore, SETTINGS } from '../_shared/testing/przelewy24.ts';
import { createRegisterHandler } from './handler.ts';

const ORDER_ID = '6f1c1f4e-0d6a-4d39-9f0e-1b7c1a2b3c4d';
const APP = { site: 'https://klub.example.pl', allowed: ['http://127.0.0.1:4173'] };

function setup(settings = SETTINGS) {
  const order = memoryOrder({ orderId: ORDER_ID });
  const store = memoryStore([order]);
  const gateway = fakeGateway(settings);
  const handler = createRegisterHandler({
    settings,
    appOrigins: APP,
    users: {
      userIdFromToken: (token) =>
        Promise.resolve(token === 'member-token' ? 'user-1' : token === 'other' ? 'user-2' : null),
    },
    store,
    gateway: gateway.client,
    logger: quietLogger,
  });
  const post = (body: unknown, token = 'member-token') =>
    handler(
      new Request('http://localhost/functions/v1/przelewy24-register', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'sb-request-id': 'req-7' },
        body: JSON.stringify(body),
      }),
    );
  return { order, store, gateway, handler, post };
}

Deno.test('registers the order: grosze and currency from the order, session reference-N, our URLs', async () => {
  const { store, gateway, post } = setup();
  const response = await post({ orderId: ORDER_ID, returnOrigin: 'http://127.0.0.1:4173' });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), {
    url: 'https://sandbox.przelewy24.pl/trnRequest/TOKEN123',
    sessionId: 'KLB-ABC234-1',
    reference: 'KLB-ABC234',
  });
  const sent = gateway.calls[0]?.body as Record<string, unknown>;
  assert.equal(gateway.calls[0]?.path, '/api/v1/transaction/register');
  assert.deepEqual(
    { ...sent, sign: undefined },
    {
      merchantId: 12345,
      posId: 123,
      sessionId: 'KLB-ABC234-1',
      amount: 4900,
      currency: 'PLN',
      description: 'Plan START — KLB-ABC234',
      email: 'anna@klub.local',
      country: 'PL',
      language: 'pl',
      urlReturn: 'http://127.0.0.1:4173/dashboard/investments?platnosc=KLB-ABC234',
      urlStatus: 'http://127.0.0.1:54321/functions/v1/przelewy24-notification',
      sign: undefined,
    },
  );
  assert.equal(
    sent.sign,
    await registerSign({
      sessionId: 'KLB-ABC234-1',
      merchantId: 12345,
      amount: 4900,
      currency: 'PLN',
      crc: SETTINGS.crc,
    }),
  );
  assert.deepEqual(
    store.events.map((e) => [e.kind, e.outcome, e.sessionId, e.requestId]),
    [
      ['register', 'requested', 'KLB-ABC234-1', 'req-7'],
      ['register', 'registered', 'KLB-ABC234-1', 'req-7'],
    ],
  );
  assert.equal(store.events[1]?.httpStatus, 200);
  assert.equal(store.events[1]?.requestBody, JSON.stringify(sent));
});

Deno.test(
  'a second registration (a closed tab) gets a new session; a foreign origin falls back to SITE_URL',
  async () => {
    const { gateway, post } = setup();
    await post({ orderId: ORDER_ID });
    const second = await post({ orderId: ORDER_ID, returnOrigin: 'https://evil.example' });
    assert.equal(((await second.json()) as { sessionId: string }).sessionId, 'KLB-ABC234-2');
    assert.equal(
      gateway.calls[1]?.body?.urlReturn,
      'https://klub.example.pl/dashboard/investments?platnosc=KLB-ABC234',
    );
  },
);

Deno.test('refuses without a valid token, another member’s order, a bad body; nothing registered', async () => {
  const { gateway, store, post } = setup();
  assert.equal((await post({ orderId: ORDER_ID }, 'bad')).status, 401);
  const other = await post({ orderId: ORDER_ID }, 'other');
  assert.equal(other.status, 404);
  assert.deepEqual(await other.json(), {
    error: { code: 'payments.order_not_found', message: 'payments.order_not_found' },
  });
  assert.equal((await post({ orderId: 'x' })).status, 400);
  assert.deepEqual(gateway.calls, []);
  assert.deepEqual(store.events, []);
});

Deno.test('a USDT or decided order is not the gateway’s: 409', async () => {
  const { order, post, gateway } = setup();
  order.currency = 'USDT';
  order.method = 'usdt';
  assert.equal((await post({ orderId: ORDER_ID })).status, 409);
  order.currency = 'PLN';
  order.method = 'transfer';
  order.status = 'paid';
  const paid = await post({ orderId: ORDER_ID });
  assert.equal(paid.status, 409);
  assert.equal(((await paid.json()) as { error: { code: string } }).error.code, 'payments.not_pending');
  assert.deepEqual(gateway.calls, []);
});

Deno.test('the gateway refusing or unreachable: 502 / 503, recorded', async () => {
  const { store, gateway, post } = setup();
  gateway.answers.register = () => Response.json({ error: 'Incorrect CRC value', code: 400 }, { status: 400 });
  assert.equal((await post({ orderId: ORDER_ID })).status, 502);
  gateway.answers.register = () => 'unreachable';
  assert.equal((await post({ orderId: ORDER_ID })).status, 503);
  assert.deepEqual(
    store.events.map((e) => [e.outcome, e.sessionId, e.httpStatus ?? null]),
    [
      ['requested', 'KLB-ABC234-1', null],
      ['refused', 'KLB-ABC234-1', 400],
      ['requested', 'KLB-ABC234-2', null],
      ['unreachable', 'KLB-ABC234-2', null],
    ],
  );
});

Deno.test('without a configured gateway: GET says so and POST answers 409 before any call', async () => {
  const { handler, post, gateway } = setup({ ...SETTINGS, configured: false });
  assert.deepEqual(await (await handler(new Request('http://localhost/'))).json(), { configured: false });
  const response = await post({ orderId: ORDER_ID });
  assert.equal(response.status, 409);
  assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'payments.gateway_not_configured');
  assert.deepEqual(gateway.calls, []);
  const configured = setup();
  assert.deepEqual(await (await configured.handler(new Request('http://localhost/'))).json(), { configured: true });
  assert.equal((await configured.handler(new Request('http://localhost/', { method: 'OPTIONS' }))).status, 204);
});
