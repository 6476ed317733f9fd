// The outbox store speaks to PostgREST as the RPCs are declared (names and argument names of
// migration 20261122001100_email.sql), with the service role key, and reports failures.
import assert from 'node:assert/strict';
import { createServiceRoleClient } from '../_shared/email-templates.ts';
import { OutboxStoreError, supabaseOutboxStore } from './store.ts';

interface Call {
  path: string;
  body: unknown;
  authorization: string | null;
}

function fakePostgrest(answer: (path: string) => Response) {
  const calls: Call[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (request) => {
    const url = new URL(request.url);
    calls.push({
      path: url.pathname,
      body: await request.json(),
      authorization: request.headers.get('Authorization'),
    });
    return answer(url.pathname);
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, calls, close: () => server.shutdown() };
}

Deno.test(
  'claim, complete and fail call their RPCs with the declared argument names and the service role key',
  async () => {
    const rows = [{ id: 7, template: 'payment-confirmed', to_email: 'a@example.com', variables: {}, attempts: 1 }];
    const fake = fakePostgrest((path) => Response.json(path.endsWith('/claim_email_outbox') ? rows : true));
    try {
      const store = supabaseOutboxStore(createServiceRoleClient(fake.url, 'service-role-key'));
      assert.deepEqual(await store.claim(10), rows);
      await store.complete(7);
      await store.fail(8, 'SMTP: 550');
      assert.deepEqual(
        fake.calls.map((call) => [call.path, call.body]),
        [
          ['/rest/v1/rpc/claim_email_outbox', { p_limit: 10 }],
          ['/rest/v1/rpc/complete_email_outbox', { p_id: 7 }],
          ['/rest/v1/rpc/fail_email_outbox', { p_id: 8, p_error: 'SMTP: 550' }],
        ],
      );
      assert.ok(fake.calls.every((call) => call.authorization === 'Bearer service-role-key'));
    } finally {
      await fake.close();
    }
  },
);

Deno.test('a refused call is an OutboxStoreError naming the RPC', async () => {
  const fake = fakePostgrest(() =>
    Response.json(
      { code: '42501', message: 'permission denied for function claim_email_outbox', details: null, hint: null },
      { status: 403 },
    ),
  );
  try {
    const store = supabaseOutboxStore(createServiceRoleClient(fake.url, 'anon-key'));
    await assert.rejects(store.claim(10), (error) => {
      assert.ok(error instanceof OutboxStoreError);
      assert.match(error.message, /^claim_email_outbox failed: permission denied/);
      return true;
    });
  } finally {
    await fake.close();
  }
});
