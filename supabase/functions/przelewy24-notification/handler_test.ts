// The notification function with an in-memory store and a fake gateway: each case of the issue and
// the payment_events rows it leaves. A wrong or forged notification never reaches verify or the
// confirmation; only a successful verify confirms, and only once.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import type { GatewayEvent } from '../_shared/przelewy24-gateway.ts';
import { fakeGateway, memoryOrder, memoryStore, SETTINGS, signedNotification } from '../_shared/testing/przelewy24.ts';
import { createNotificationHandler } from './handler.ts';

function setup(order = memoryOrder({ sessions: ['KLB-ABC234-1'] })) {
  const store = memoryStore([order]);
  const gateway = fakeGateway();
  const handler = createNotificationHandler({
    settings: SETTINGS,
    store,
    gateway: gateway.client,
    logger: quietLogger,
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handler(
      new Request('http://localhost/functions/v1/przelewy24-notification', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'sb-request-id': 'req-42', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  return { store, gateway, order, post };
}

/** The events as [kind, outcome, signatureValid] (what each case is about). */
const summary = (events: GatewayEvent[]) => events.map((e) => [e.kind, e.outcome, e.signatureValid ?? null]);

Deno.test('a valid notification: recorded, verified with the documented sign, confirmed once', async () => {
  const { store, gateway, order, post } = setup();
  const notification = await signedNotification();
  const response = await post(notification, { 'user-agent': 'Przelewy24', authorization: 'Bearer x' });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'confirmed' });
  assert.equal(order.status, 'paid');
  assert.deepEqual(store.confirmations, [{ sessionId: 'KLB-ABC234-1', amount: '49.00' }]);
  assert.deepEqual(summary(store.events), [
    ['notification', 'accepted', true],
    ['verify', 'verified', null],
    ['confirm', 'paid', null],
  ]);
  const [received] = store.events;
  assert.equal(received?.requestBody, JSON.stringify(notification));
  assert.equal(received?.requestId, 'req-42');
  assert.equal(received?.orderId, order.orderId);
  assert.deepEqual(received?.headers, {
    'content-type': 'application/json',
    'user-agent': 'Przelewy24',
  });
  // verify: PUT with the gateway's orderId, the order's amount in grosze and the verify sign.
  assert.equal(gateway.calls.length, 1);
  assert.equal(gateway.calls[0]?.method, 'PUT');
  assert.equal(gateway.calls[0]?.path, '/api/v1/transaction/verify');
  assert.deepEqual(
    { ...gateway.calls[0]?.body, sign: undefined },
    {
      merchantId: 12345,
      posId: 123,
      sessionId: 'KLB-ABC234-1',
      amount: 4900,
      currency: 'PLN',
      orderId: 300000123,
      sign: undefined,
    },
  );
  assert.match(String(gateway.calls[0]?.body?.sign), /^[0-9a-f]{96}$/);
});

Deno.test('a wrong signature: 400, recorded as invalid, nothing verified or confirmed', async () => {
  const { store, gateway, order, post } = setup();
  for (const notification of [
    await signedNotification({}, 'another-crc'),
    { ...(await signedNotification()), amount: 4800 },
    { ...(await signedNotification()), sign: 'f'.repeat(96) },
  ]) {
    const response = await post(notification);
    assert.equal(response.status, 400);
  }
  assert.equal(order.status, 'pending');
  assert.deepEqual(gateway.calls, []);
  assert.deepEqual(summary(store.events), [
    ['notification', 'bad_signature', false],
    ['notification', 'bad_signature', false],
    ['notification', 'bad_signature', false],
  ]);
});

Deno.test('a malformed body: 400, the raw body recorded', async () => {
  const { store, gateway, post } = setup();
  assert.equal((await post('not json')).status, 400);
  assert.equal((await post({ sessionId: 'KLB-ABC234-1' })).status, 400);
  assert.deepEqual(summary(store.events), [
    ['notification', 'malformed', null],
    ['notification', 'malformed', null],
  ]);
  assert.equal(store.events[0]?.requestBody, 'not json');
  assert.deepEqual(gateway.calls, []);
});

Deno.test('another merchant or POS (validly signed): 400, nothing verified', async () => {
  const { store, gateway, order, post } = setup();
  assert.equal((await post(await signedNotification({ merchantId: 99999 }))).status, 400);
  assert.equal((await post(await signedNotification({ posId: 999 }))).status, 400);
  assert.equal(order.status, 'pending');
  assert.deepEqual(gateway.calls, []);
  assert.deepEqual(summary(store.events), [
    ['notification', 'wrong_merchant', true],
    ['notification', 'wrong_merchant', true],
  ]);
});

Deno.test('an amount or currency that is not the order’s: 400, never verified or confirmed', async () => {
  const { store, gateway, order, post } = setup();
  assert.equal((await post(await signedNotification({ amount: 4901 }))).status, 400);
  assert.equal((await post(await signedNotification({ currency: 'EUR' }))).status, 400);
  assert.equal(order.status, 'pending');
  assert.deepEqual(gateway.calls, []);
  assert.deepEqual(summary(store.events), [
    ['notification', 'amount_mismatch', true],
    ['notification', 'amount_mismatch', true],
  ]);
  assert.equal(store.events[0]?.orderId, order.orderId);
});

Deno.test('less than the price: verified for what was paid, never confirmed (underpaid, recorded)', async () => {
  const { store, gateway, order, post } = setup();
  const response = await post(await signedNotification({ amount: 2400 }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: 'underpaid' });
  assert.equal(order.status, 'pending');
  assert.deepEqual(store.confirmations, []);
  assert.equal(gateway.calls[0]?.body?.amount, 2400);
  assert.deepEqual(summary(store.events), [
    ['notification', 'amount_short', true],
    ['verify', 'verified', null],
    ['confirm', 'underpaid', null],
  ]);
});

Deno.test('an unknown order (a session we never registered): 400, recorded without an order', async () => {
  const { store, gateway, post } = setup();
  const response = await post(await signedNotification({ sessionId: 'KLB-ZZZZZZ-1' }));
  assert.equal(response.status, 400);
  assert.deepEqual(gateway.calls, []);
  assert.deepEqual(summary(store.events), [['notification', 'unknown_order', true]]);
  assert.equal(store.events[0]?.orderId, null);
  assert.equal(store.events[0]?.sessionId, 'KLB-ZZZZZZ-1');
});

Deno.test('a repeated notification: 200, nothing changes (no second verify or confirmation)', async () => {
  const { store, gateway, post } = setup();
  const notification = await signedNotification();
  assert.equal((await post(notification)).status, 200);
  const again = await post(notification);
  assert.equal(again.status, 200);
  assert.deepEqual(await again.json(), { status: 'duplicate' });
  assert.equal(gateway.calls.length, 1);
  assert.equal(store.confirmations.length, 1);
  assert.deepEqual(summary(store.events), [
    ['notification', 'accepted', true],
    ['verify', 'verified', null],
    ['confirm', 'paid', null],
    ['notification', 'duplicate', true],
  ]);
});

Deno.test('verify failing: 502, nothing confirmed, the answer recorded; a later notification confirms', async () => {
  const { store, gateway, order, post } = setup();
  gateway.answers.verify = () => Response.json({ error: 'Incorrect CRC value', code: 400 }, { status: 400 });
  const notification = await signedNotification();
  const response = await post(notification);
  assert.equal(response.status, 502);
  assert.equal(order.status, 'pending');
  assert.deepEqual(store.confirmations, []);
  assert.deepEqual(summary(store.events), [
    ['notification', 'accepted', true],
    ['verify', 'failed', null],
  ]);
  assert.equal(store.events[1]?.httpStatus, 400);
  assert.equal(store.events[1]?.responseBody, '{"error":"Incorrect CRC value","code":400}');
  // A 200 without data.status = "success" is no success either.
  gateway.answers.verify = () => Response.json({ data: { status: 'pending' }, responseCode: 0 });
  assert.equal((await post(notification)).status, 502);
  assert.equal(order.status, 'pending');
  // The gateway repeats the notification; once verify succeeds the order is paid.
  delete gateway.answers.verify;
  assert.equal((await post(notification)).status, 200);
  assert.equal(order.status, 'paid');
});

Deno.test('the gateway unreachable at verify: 503, recorded, the order stays pending for the job', async () => {
  const { store, gateway, order, post } = setup();
  gateway.answers.verify = () => 'unreachable';
  const response = await post(await signedNotification());
  assert.equal(response.status, 503);
  assert.equal(order.status, 'pending');
  assert.deepEqual(summary(store.events), [
    ['notification', 'accepted', true],
    ['verify', 'unreachable', null],
  ]);
  assert.match(String(store.events[1]?.error), /unreachable/);
});

Deno.test('a confirmation that fails (e.g. the order is no longer pending): 500 and recorded, never 200', async () => {
  const { store, post } = setup();
  store.failConfirm = 'payments.not_pending';
  const response = await post(await signedNotification());
  assert.equal(response.status, 500);
  assert.deepEqual(summary(store.events).at(-1), ['confirm', 'failed', null]);
  assert.equal(store.events.at(-1)?.error, 'payments.not_pending');
});

Deno.test('not configured: 503 and recorded; GET is refused', async () => {
  const store = memoryStore([]);
  const handler = createNotificationHandler({
    settings: { ...SETTINGS, configured: false, problems: ['PRZELEWY24_CRC_KEY is not set'] },
    store,
    gateway: fakeGateway().client,
    logger: quietLogger,
  });
  const response = await handler(new Request('http://localhost/', { method: 'POST', body: '{}' }));
  assert.equal(response.status, 503);
  assert.deepEqual(summary(store.events), [['notification', 'not_configured', null]]);
  assert.equal((await handler(new Request('http://localhost/'))).status, 405);
});
