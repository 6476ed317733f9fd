// The reconcile job with an in-memory store and a fake gateway: a lost notification is made good by
// asking the gateway by sessionId; an unpaid session is left alone; failures are recorded and retried.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import { fakeGateway, memoryOrder, memoryStore, SETTINGS } from '../_shared/testing/przelewy24.ts';
import { createReconcileHandler } from './handler.ts';

function setup() {
  const order = memoryOrder({ sessions: ['KLB-ABC234-1'] });
  const store = memoryStore([order]);
  const gateway = fakeGateway();
  const handler = createReconcileHandler({ settings: SETTINGS, store, gateway: gateway.client, logger: quietLogger });
  const run = (token = SETTINGS.serviceRoleKey) =>
    handler(new Request('http://localhost/', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }));
  const transaction =
    (status: number, amount = 4900) =>
    () =>
      Response.json({
        data: { orderId: 300000123, sessionId: 'KLB-ABC234-1', status, amount, currency: 'PLN', statement: 'p24' },
        responseCode: 0,
      });
  return { order, store, gateway, run, transaction };
}

Deno.test('a paid session whose notification was lost: verified and confirmed', async () => {
  const { order, store, gateway, run, transaction } = setup();
  gateway.answers['by-session'] = transaction(1);
  const response = await run();
  assert.deepEqual(await response.json(), { checked: 1, confirmed: 1, failed: 0 });
  assert.equal(order.status, 'paid');
  assert.deepEqual(
    gateway.calls.map((c) => [c.method, c.path]),
    [
      ['GET', '/api/v1/transaction/by/sessionId/KLB-ABC234-1'],
      ['PUT', '/api/v1/transaction/verify'],
    ],
  );
  assert.deepEqual(
    store.events.map((e) => [e.kind, e.outcome]),
    [
      ['by_session', 'paid_at_gateway'],
      ['verify', 'verified'],
      ['confirm', 'paid'],
    ],
  );
});

Deno.test('a session verified at the gateway (our confirmation lost): confirmed without another verify', async () => {
  const { order, gateway, run, transaction } = setup();
  gateway.answers['by-session'] = transaction(2);
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 1, failed: 0 });
  assert.equal(order.status, 'paid');
  assert.equal(gateway.calls.length, 1);
});

Deno.test('an unpaid or unknown session: nothing happens, nothing recorded', async () => {
  const { order, store, gateway, run, transaction } = setup();
  gateway.answers['by-session'] = transaction(0);
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 0, failed: 0 });
  delete gateway.answers['by-session'];
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 0, failed: 0 });
  assert.equal(order.status, 'pending');
  assert.deepEqual(store.events, []);
});

Deno.test('the gateway unreachable or verify failing: recorded, the order stays pending for the next run', async () => {
  const { order, store, gateway, run, transaction } = setup();
  gateway.answers['by-session'] = () => 'unreachable';
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 0, failed: 1 });
  gateway.answers['by-session'] = transaction(1);
  gateway.answers.verify = () => Response.json({ error: 'error', code: 500 }, { status: 500 });
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 0, failed: 1 });
  assert.equal(order.status, 'pending');
  delete gateway.answers.verify;
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 1, failed: 0 });
  assert.deepEqual(
    store.events.map((e) => [e.kind, e.outcome]),
    [
      ['by_session', 'unreachable'],
      ['by_session', 'paid_at_gateway'],
      ['verify', 'failed'],
      ['by_session', 'paid_at_gateway'],
      ['verify', 'verified'],
      ['confirm', 'paid'],
    ],
  );
});

Deno.test('a different amount at the gateway never confirms', async () => {
  const { order, store, gateway, run, transaction } = setup();
  gateway.answers['by-session'] = transaction(1, 5000);
  assert.deepEqual(await (await run()).json(), { checked: 1, confirmed: 0, failed: 1 });
  assert.equal(order.status, 'pending');
  assert.deepEqual(
    store.events.map((e) => e.outcome),
    ['amount_mismatch'],
  );
  assert.equal(gateway.calls.length, 1);
});

Deno.test('only the service role key may run it', async () => {
  const { gateway, run } = setup();
  assert.equal((await run('anon')).status, 401);
  assert.deepEqual(gateway.calls, []);
});

Deno.test(
  'each run reports itself to the health view: a run, a failed run, and a run without the gateway settings',
  async () => {
    const { store, gateway, run, transaction } = setup();
    const runs: [boolean, string | null, Record<string, unknown>][] = [];
    store.recordRun = (ok, error, details) => {
      runs.push([ok, error, details]);
      return Promise.resolve();
    };
    gateway.answers['by-session'] = transaction(0);
    await run();
    store.pendingSessions = () => Promise.reject(new Error('gateway_pending_sessions failed: connection refused'));
    assert.equal((await run()).status, 500);
    const unconfigured = createReconcileHandler({
      settings: { ...SETTINGS, configured: false, problems: ['PRZELEWY24_CRC_KEY is missing'] },
      store,
      gateway: gateway.client,
      logger: quietLogger,
    });
    const answer = await unconfigured(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${SETTINGS.serviceRoleKey}` },
      }),
    );
    assert.equal(answer.status, 503);
    assert.deepEqual(runs, [
      [true, null, { checked: 1, confirmed: 0, failed: 0 }],
      [false, 'The reconciliation failed: gateway_pending_sessions failed: connection refused', {}],
      [false, 'Przelewy24 is not configured', { configured: false }],
    ]);
    // A store that cannot record does not fail the run.
    store.recordRun = () => Promise.reject(new Error('record_job_run failed'));
    store.pendingSessions = () => Promise.resolve([]);
    assert.equal((await run()).status, 200);
  },
);
