// The usdt-watch function against the local chain emulator (in process) and an in-memory store:
// final transfers to the club's address go to the database with the cursor, once; a provider down is
// recorded as a failed run; only the service role key may call it.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import { chainClientsFromEnv } from '../_shared/chain/clients.ts';
import { testChain } from '../_shared/testing/chain.ts';
import { memoryChainStore } from '../_shared/testing/chain-store.ts';
import { createWatchHandler } from './handler.ts';

const CLUB = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';
const MEMBER = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';
const KEY = 'service-role-key';

function setup() {
  const chain = testChain();
  const clients = chainClientsFromEnv(
    (name) => ({ TRONGRID_URL: 'http://chain.test/tron' })[name as 'TRONGRID_URL'],
    chain.options,
  );
  const memory = memoryChainStore({
    orders: {},
    watch: [{ network: 'TRC20', address: CLUB, cursor: null }],
  });
  const handler = createWatchHandler({
    clients,
    store: memory.store,
    serviceRoleKey: KEY,
    logger: quietLogger,
  });
  const run = async (token = KEY) => {
    const response = await handler(
      new Request('http://localhost/functions/v1/usdt-watch', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: '{}',
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  return { chain, memory, run };
}

Deno.test('usdt-watch: hands final transfers to the club to the database once, with the cursor', async () => {
  const { chain, memory, run } = setup();
  const first = await chain.send('TRC20', {
    from: MEMBER,
    to: CLUB,
    amount: '49.57',
  });
  await chain.send('TRC20', { from: CLUB, to: MEMBER, amount: '1' });
  await chain.mine('TRC20', 19);
  const late = await chain.send('TRC20', {
    from: MEMBER,
    to: CLUB,
    amount: '10.02',
  });
  const answer = await run();
  assert.equal(answer.status, 200);
  const sent = memory.incoming.flatMap((call) => call.transfers);
  assert.deepEqual(
    sent.map((t) => [t.hash, t.amount, t.to]),
    [[first.hash, '49.57', CLUB]],
  );
  await chain.mine('TRC20', 19);
  await run();
  // Each run hands what is new since the cursor (TRON's is inclusive: its newest transfer again,
  // which the database knows by hash and log index).
  assert.deepEqual(
    [...new Set(memory.incoming.flatMap((call) => call.transfers).map((t) => t.hash))],
    [first.hash, late.hash],
  );
  assert.ok(memory.incoming.at(-1)!.transfers.some((t) => t.hash === late.hash));
  // TRON's cursor is inclusive: the newest transfer comes again (the database knows it); nothing older.
  await run();
  assert.deepEqual(
    memory.incoming.at(-1)?.transfers.map((t) => t.hash),
    [late.hash],
  );
  assert.ok(memory.runs.every((r) => r.job === 'usdt-watch' && r.ok));
});

Deno.test('usdt-watch: a provider down is a failed run; only the service role may call', async () => {
  const { chain, memory, run } = setup();
  await chain.fail('TRC20', 'unavailable', 10);
  assert.equal((await run()).status, 200);
  assert.deepEqual([memory.runs.at(-1)?.ok, memory.runs.at(-1)?.error], [false, 'TRC20: unavailable']);
  assert.equal((await run('member-token')).status, 401);
});
