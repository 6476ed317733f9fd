import assert from 'node:assert/strict';
import { newHookSecret, signature } from './testing/webhook.ts';
import { InvalidSecretError, v1Signatures, verifyWebhook } from './verify-signature.ts';

const secret = newHookSecret();
const body = JSON.stringify({ user: { email: 'anna@example.com' }, email_data: { email_action_type: 'signup' } });
const nowMs = 1_800_000_000_000;
const timestamp = nowMs / 1000;

function request(overrides: Partial<{ id: string | null; timestamp: string | null; signature: string | null }> = {}) {
  return {
    id: 'msg_1',
    timestamp: String(timestamp),
    signature: signature(secret, 'msg_1', timestamp, body),
    body,
    ...overrides,
  };
}

Deno.test('verifyWebhook accepts a request signed with the secret', async () => {
  assert.deepEqual(await verifyWebhook(request(), secret, nowMs), { ok: true });
});

Deno.test('verifyWebhook accepts the valid one among several signatures, as Auth joins them', async () => {
  const other = signature(newHookSecret(), 'msg_1', timestamp, body);
  const valid = signature(secret, 'msg_1', timestamp, body);
  for (const header of [`${other}, ${valid}`, `${other} ${valid}`, `v2,abc ${valid}`]) {
    assert.deepEqual(await verifyWebhook(request({ signature: header }), secret, nowMs), { ok: true }, header);
  }
});

Deno.test('verifyWebhook accepts any of several "|"-separated secrets (rotation)', async () => {
  const rotated = `${newHookSecret()}|${secret}`;
  assert.deepEqual(await verifyWebhook(request(), rotated, nowMs), { ok: true });
});

Deno.test('verifyWebhook refuses a signature made with another secret', async () => {
  const wrong = signature(newHookSecret(), 'msg_1', timestamp, body);
  const result = await verifyWebhook(request({ signature: wrong }), secret, nowMs);
  assert.equal(result.ok, false);
});

Deno.test('verifyWebhook refuses a changed body, id or timestamp', async () => {
  assert.equal((await verifyWebhook({ ...request(), body: body.replace('anna', 'eve') }, secret, nowMs)).ok, false);
  assert.equal((await verifyWebhook(request({ id: 'msg_2' }), secret, nowMs)).ok, false);
  assert.equal((await verifyWebhook(request({ timestamp: String(timestamp + 1) }), secret, nowMs)).ok, false);
});

Deno.test('verifyWebhook refuses timestamps more than 5 minutes old or ahead', async () => {
  for (const offset of [-301, 301, -3600]) {
    const at = timestamp + offset;
    const signed = request({ timestamp: String(at), signature: signature(secret, 'msg_1', at, body) });
    assert.deepEqual(await verifyWebhook(signed, secret, nowMs), {
      ok: false,
      reason: 'webhook-timestamp is too old or too new',
    });
  }
  for (const offset of [-300, 300]) {
    const at = timestamp + offset;
    const signed = request({ timestamp: String(at), signature: signature(secret, 'msg_1', at, body) });
    assert.deepEqual(await verifyWebhook(signed, secret, nowMs), { ok: true }, `offset ${offset}`);
  }
});

Deno.test('verifyWebhook refuses missing headers and malformed values', async () => {
  for (const missing of ['id', 'timestamp', 'signature'] as const) {
    assert.equal((await verifyWebhook(request({ [missing]: null }), secret, nowMs)).ok, false, missing);
    assert.equal((await verifyWebhook(request({ [missing]: '' }), secret, nowMs)).ok, false, missing);
  }
  assert.equal((await verifyWebhook(request({ timestamp: 'soon' }), secret, nowMs)).ok, false);
  assert.equal((await verifyWebhook(request({ signature: 'v1,***' }), secret, nowMs)).ok, false);
  const bare = signature(secret, 'msg_1', timestamp, body).slice(3);
  assert.equal((await verifyWebhook(request({ signature: bare }), secret, nowMs)).ok, false, 'no version');
});

Deno.test('verifyWebhook throws InvalidSecretError for an unusable secret', async () => {
  for (const bad of ['', 'v1,whsec_', 'v1,whsec_***']) {
    await assert.rejects(() => verifyWebhook(request(), bad, nowMs), InvalidSecretError, JSON.stringify(bad));
  }
});

Deno.test('v1Signatures reads space- and comma-separated lists', () => {
  assert.deepEqual(v1Signatures('v1,AAA=, v1,BBB= v2,CCC= v1,'), ['AAA=', 'BBB=']);
});
