// Contract tests of the Przelewy24 signs: the maintained PHP client's own vectors and the documented
// field lists (testing/przelewy24-vectors.json; the local sandbox's implementation is pinned to the
// same file in tests/tooling/przelewy24-sandbox.test.ts), and the client's requests as the
// documentation describes them (Basic auth with the POS id and API key, grosze, the fields sent).
import assert from 'node:assert/strict';
import {
  createGatewayClient,
  GatewayUnreachableError,
  notificationSign,
  notificationSignJson,
  notificationSignValid,
  parseNotification,
  registerSign,
  registerSignJson,
  sameSign,
  sha384Hex,
  signJson,
  toGrosze,
  verifySign,
  verifySignJson,
} from './przelewy24.ts';

const vectors = JSON.parse(await Deno.readTextFile(new URL('./testing/przelewy24-vectors.json', import.meta.url))) as {
  encoding: { fields: [string, string][]; sign: string };
  notification: { input: Parameters<typeof notificationSign>[0]; sign: string };
  register: { input: Parameters<typeof registerSign>[0]; json: string; sign: string }[];
  verify: { input: Parameters<typeof verifySign>[0]; json: string; sign: string };
};

Deno.test('the JSON encoding is json_encode with unescaped unicode and slashes (the PHP client vector)', async () => {
  const json = signJson(vectors.encoding.fields);
  assert.equal(json, '{"slash":"foo/bar","unicode":"ąźćż"}');
  assert.equal(await sha384Hex(json), vectors.encoding.sign);
});

Deno.test('U+2028 and U+2029 are escaped as PHP escapes them; other control characters as \\n, \\u001f', () => {
  assert.equal(signJson([['a', 'x\u2028y\u2029z']]), '{"a":"x\\u2028y\\u2029z"}');
  assert.equal(signJson([['a', 'l\ni\u001f"\\']]), '{"a":"l\\ni\\u001f\\"\\\\"}');
});

Deno.test('a sign refuses amounts that are not integers (grosze)', () => {
  assert.throws(() => signJson([['amount', 12.5]]), /integer/);
});

Deno.test('the notification sign: the PHP client vector, fields in the documented order', async () => {
  assert.equal(
    notificationSignJson(vectors.notification.input),
    '{"merchantId":12345,"posId":123,"sessionId":"0beec7","amount":1500,"originAmount":1500,"currency":"PLN","orderId":123456789,"methodId":32,"statement":"p24-XXX-YYY-ZZZ","crc":"bar"}',
  );
  assert.equal(await notificationSign(vectors.notification.input), vectors.notification.sign);
});

Deno.test('the register and verify signs: the documented field lists', async () => {
  for (const vector of vectors.register) {
    assert.equal(registerSignJson(vector.input), vector.json);
    assert.equal(await registerSign(vector.input), vector.sign);
  }
  assert.equal(verifySignJson(vectors.verify.input), vectors.verify.json);
  assert.equal(await verifySign(vectors.verify.input), vectors.verify.sign);
});

Deno.test('a notification is valid only with its own fields and the CRC key', async () => {
  const { crc, ...fields } = vectors.notification.input;
  const notification = parseNotification({ ...fields, sign: vectors.notification.sign });
  assert.ok(notification);
  assert.equal(await notificationSignValid(notification, crc), true);
  assert.equal(await notificationSignValid(notification, 'other-crc'), false);
  assert.equal(await notificationSignValid({ ...notification, amount: 1499 }, crc), false);
  assert.equal(await notificationSignValid({ ...notification, sign: notification.sign.toUpperCase() }, crc), true);
});

Deno.test('parseNotification refuses missing fields and wrong types', () => {
  const { crc: _crc, ...fields } = vectors.notification.input;
  const body = { ...fields, sign: 'x' };
  assert.ok(parseNotification(body));
  assert.equal(parseNotification({ ...body, amount: '1500' }), null);
  assert.equal(parseNotification({ ...body, amount: 15.5 }), null);
  const { statement: _s, ...withoutStatement } = body;
  assert.equal(parseNotification(withoutStatement), null);
  assert.equal(parseNotification('x'), null);
});

Deno.test('sameSign compares whole signs only', () => {
  assert.equal(sameSign('abc', 'abc'), true);
  assert.equal(sameSign('abc', 'abd'), false);
  assert.equal(sameSign('abc', 'abcd'), false);
  assert.equal(sameSign('', 'a'), false);
});

Deno.test('toGrosze converts numeric(12,2) exactly', () => {
  assert.equal(toGrosze('49.00'), 4900);
  assert.equal(toGrosze('1234567.89'), 123456789);
  assert.equal(toGrosze('0.1'), 10);
  assert.equal(toGrosze(19.99), 1999);
  assert.throws(() => toGrosze('-1.00'));
  assert.throws(() => toGrosze('1.234'));
});

Deno.test('the client sends register, verify and by-sessionId as documented, with Basic posId:apiKey', async () => {
  const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
  const fake: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      auth: request.headers.get('authorization'),
      body: request.body ? await request.json() : null,
    });
    return Response.json({ data: { token: 'TOKEN-1', status: 'success' }, responseCode: 0 });
  };
  const client = createGatewayClient(
    { baseUrl: 'https://sandbox.przelewy24.pl/', merchantId: 12345, posId: 123, crc: 'bar', apiKey: 'foo' },
    fake,
  );
  const registered = await client.register({
    sessionId: '0beec7',
    amount: 1500,
    currency: 'PLN',
    description: 'Plan START',
    email: 'anna@klub.local',
    urlReturn: 'https://klub.example.pl/platnosc',
    urlStatus: 'https://x.supabase.co/functions/v1/przelewy24-notification',
  });
  assert.equal(registered.ok, true);
  await client.verify({ sessionId: '0beec7', orderId: 123456789, amount: 1500, currency: 'PLN' });
  await client.bySessionId('KLB-ABC234/1');
  const basic = `Basic ${btoa('123:foo')}`;
  assert.deepEqual(
    seen.map((s) => [s.method, s.url, s.auth]),
    [
      ['POST', 'https://sandbox.przelewy24.pl/api/v1/transaction/register', basic],
      ['PUT', 'https://sandbox.przelewy24.pl/api/v1/transaction/verify', basic],
      ['GET', 'https://sandbox.przelewy24.pl/api/v1/transaction/by/sessionId/KLB-ABC234%2F1', basic],
    ],
  );
  const register = seen[0]?.body as Record<string, unknown>;
  assert.equal(register.sign, vectors.register[0]?.sign);
  assert.equal(register.merchantId, 12345);
  assert.equal(register.posId, 123);
  assert.equal(register.amount, 1500);
  const verify = seen[1]?.body as Record<string, unknown>;
  assert.equal(verify.sign, vectors.verify.sign);
  assert.equal(verify.orderId, 123456789);
  assert.equal(client.paymentUrl('TOKEN-1'), 'https://sandbox.przelewy24.pl/trnRequest/TOKEN-1');
});

Deno.test('the client reports an unreachable gateway as GatewayUnreachableError', async () => {
  const client = createGatewayClient(
    { baseUrl: 'http://127.0.0.1:9', merchantId: 1, posId: 1, crc: 'c', apiKey: 'k', timeoutMs: 2000 },
    () => Promise.reject(new TypeError('connection refused')),
  );
  await assert.rejects(client.bySessionId('x'), GatewayUnreachableError);
});
