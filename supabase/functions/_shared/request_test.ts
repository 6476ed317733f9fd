import assert from 'node:assert/strict';
import { createServiceRoleClient } from './email-templates.ts';
import { jsonResponse } from './http.ts';
import { logSafe, noteRequest, requestIdOf, tracingFetch, traceIdOf, withRequestId } from './request.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE}-00f067aa0ba902b7-01`;

function recorder() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
}

const post = (headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/functions/v1/x', { method: 'POST', headers, body: '{}' });

Deno.test('the id is the trace id of a valid traceparent, else a new 32-hex id', () => {
  assert.equal(traceIdOf(TRACEPARENT), TRACE);
  assert.equal(traceIdOf(TRACEPARENT.toUpperCase()), TRACE);
  assert.equal(traceIdOf(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`), null);
  assert.equal(traceIdOf(`ff-${TRACE}-00f067aa0ba902b7-01`), null);
  assert.equal(traceIdOf(`00-${TRACE}-short-01`), null);
  assert.equal(traceIdOf(null), null);
  assert.equal(requestIdOf(post({ traceparent: TRACEPARENT })), TRACE);
  const made = requestIdOf(post());
  assert.match(made, /^[0-9a-f]{32}$/);
  assert.notEqual(made, requestIdOf(post()));
});

Deno.test('the answer carries the id (exposed to the browser) and one JSON line is logged', async () => {
  const { lines, log } = recorder();
  let clock = 1000;
  const handler = withRequestId(
    'idea-webhook',
    () => {
      noteRequest({ actor: 'b5f0c1d2-0000-4000-8000-000000000001', target: 'idea 42' });
      clock += 37;
      return jsonResponse(200, { ok: true }, { 'Access-Control-Expose-Headers': 'content-length' });
    },
    { log, now: () => clock },
  );
  const response = await handler(post({ traceparent: TRACEPARENT }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { ok: true });
  assert.equal(response.headers.get('x-request-id'), TRACE);
  assert.equal(response.headers.get('access-control-expose-headers'), 'content-length, x-request-id');
  assert.deepEqual(lines, [
    {
      request_id: TRACE,
      function: 'idea-webhook',
      method: 'POST',
      status: 200,
      result: 'ok',
      duration_ms: 37,
      actor: 'b5f0c1d2-0000-4000-8000-000000000001',
      target: 'idea 42',
    },
  ]);
});

Deno.test(
  'a refused request and a thrown error are logged with their outcome; a throw is a 500 with the id',
  async () => {
    const { lines, log } = recorder();
    const refused = await withRequestId('send-outbox', () => jsonResponse(401, { error: 'Unauthorized' }), { log })(
      post(),
    );
    assert.equal(refused.status, 401);
    const thrown = await withRequestId(
      'send-outbox',
      () => {
        throw new TypeError('boom with secret-ish text');
      },
      { log },
    )(post({ traceparent: TRACEPARENT }));
    assert.equal(thrown.status, 500);
    assert.deepEqual(await thrown.json(), { error: 'Internal error', request_id: TRACE });
    assert.equal(thrown.headers.get('x-request-id'), TRACE);
    assert.equal(lines[0]?.result, 'http 401');
    assert.equal(lines[0]?.request_id, refused.headers.get('x-request-id'));
    assert.equal(lines[1]?.result, 'error: TypeError');
    assert.ok(!JSON.stringify(lines).includes('boom'));
  },
);

Deno.test(
  'the calls made during a request carry x-request-id, x-function and a traceparent of the same trace',
  async () => {
    const seen: Headers[] = [];
    const fakeFetch: typeof fetch = (input, init) => {
      seen.push(new Request(input, init).headers);
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    };
    const client = createServiceRoleClient('http://127.0.0.1:54321', 'service-role-key', tracingFetch(fakeFetch));
    await client.rpc('claim_email_outbox', { p_limit: 1 });
    assert.equal(seen[0]?.get('x-request-id'), null, 'outside a request nothing is added');

    const { log } = recorder();
    await withRequestId(
      'send-outbox',
      async () => {
        await client.rpc('claim_email_outbox', { p_limit: 1 });
        return jsonResponse(200, {});
      },
      { log },
    )(post({ traceparent: TRACEPARENT }));
    const headers = seen[1]!;
    assert.equal(headers.get('x-request-id'), TRACE);
    assert.equal(headers.get('x-function'), 'send-outbox');
    assert.match(headers.get('traceparent') ?? '', new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    assert.notEqual(headers.get('traceparent'), TRACEPARENT);
    assert.equal(headers.get('authorization'), 'Bearer service-role-key');
  },
);

Deno.test('two requests served at once keep their own ids', async () => {
  const { lines, log } = recorder();
  const ids: string[] = [];
  const handler = withRequestId(
    'x',
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.headers.has('traceparent') ? 20 : 1));
      noteRequest({ target: request.headers.has('traceparent') ? 'slow' : 'fast' });
      return jsonResponse(200, {});
    },
    { log },
  );
  const answers = await Promise.all([handler(post({ traceparent: TRACEPARENT })), handler(post())]);
  for (const answer of answers) ids.push(answer.headers.get('x-request-id')!);
  assert.equal(ids[0], TRACE);
  const byTarget = Object.fromEntries(lines.map((line) => [line.target, line.request_id]));
  assert.deepEqual(byTarget, { slow: ids[0], fast: ids[1] });
});

Deno.test('logSafe masks e-mails and caps the length', () => {
  assert.equal(logSafe('to jan.kowalski@example.com failed'), 'to j…@example.com failed');
  assert.equal(logSafe('x'.repeat(500)).length, 200);
});
