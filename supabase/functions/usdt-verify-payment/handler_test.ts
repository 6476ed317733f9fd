// The usdt-verify-payment function against the local chain emulator (in process) and an in-memory
// store, per network: success, another token, another recipient, short (credited for what arrived),
// BSC's 18 decimals, not final then final (the scheduled re-check), removed by a reorg, a hash used
// elsewhere, the provider down (retried, then waiting). And who may call it.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import { chainClientsFromEnv } from '../_shared/chain/clients.ts';
import type { Network } from '../_shared/chain/networks.ts';
import { testChain } from '../_shared/testing/chain.ts';
import { memoryChainStore } from '../_shared/testing/chain-store.ts';
import { createVerifyHandler } from './handler.ts';

const ORDER_ID = '6f1c1f4e-0d6a-4d39-9f0e-1b7c1a2b3c4d';
const SERVICE_KEY = 'service-role-key';
const CLUB: Record<Network, string> = {
  TRC20: 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX',
  ERC20: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  BSC: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
};
const MEMBER: Record<Network, string> = {
  TRC20: 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB',
  ERC20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  BSC: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
};
const OTHER: Record<Network, string> = {
  TRC20: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh',
  ERC20: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  BSC: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
};
const FAKE_TOKEN: Record<Network, string> = {
  TRC20: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh',
  ERC20: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  BSC: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
};
/** Blocks until final in the emulator: TRON's solidified head (19), BSC 3, Ethereum's finalized (64). */
const DEPTH: Record<Network, number> = { TRC20: 19, ERC20: 64, BSC: 3 };

function setup(network: Network, amount = '1000.37') {
  const chain = testChain();
  const clients = chainClientsFromEnv(
    (name) =>
      ({
        TRONGRID_URL: 'http://chain.test/tron',
        ERC20_RPC_URL: 'http://chain.test/ethereum',
        BSC_RPC_URL: 'http://chain.test/bsc',
      })[name],
    chain.options,
  );
  const memory = memoryChainStore({
    orders: {
      [ORDER_ID]: {
        userId: 'user-1',
        network,
        amount,
        toAddress: CLUB[network],
      },
    },
  });
  const handler = createVerifyHandler({
    clients,
    store: memory.store,
    serviceRoleKey: SERVICE_KEY,
    users: {
      userIdFromToken: (token) => Promise.resolve(token === 'member-token' ? 'user-1' : null),
    },
    logger: quietLogger,
  });
  const call = (body: unknown, token = 'member-token') =>
    handler(
      new Request('http://localhost/functions/v1/usdt-verify-payment', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      }),
    );
  const submit = async (txHash: string) => {
    const response = await call({ orderId: ORDER_ID, txHash });
    return { status: response.status, body: await response.json() };
  };
  const recheck = async () => (await call({ recheck: true }, SERVICE_KEY)).json();
  return { chain, memory, submit, recheck, call };
}

for (const network of ['TRC20', 'ERC20', 'BSC'] as const) {
  Deno.test(`${network}: not final → 'waiting' x/y; the re-check after finality confirms it`, async () => {
    const { chain, memory, submit, recheck } = setup(network);
    const sent = await chain.send(network, {
      from: MEMBER[network],
      to: CLUB[network],
      amount: '1000.37',
    });
    const first = await submit(sent.hash);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      status: 'waiting',
      outcome: 'not_final',
      confirmations: 1,
      required: DEPTH[network],
      orderStatus: 'pending',
    });
    await chain.mine(network, DEPTH[network]);
    assert.deepEqual(await recheck(), {
      checked: 1,
      confirmed: 1,
      waiting: 0,
      rejected: 0,
      failed: 0,
    });
    const verdict = memory.checks[0]!.verdicts.at(-1)!;
    assert.equal(verdict.status, 'ok');
    const transfer = verdict.transfer as Record<string, unknown>;
    assert.equal(transfer.amount, '1000.37');
    assert.equal(transfer.to, CLUB[network]);
    assert.equal(memory.checks[0]!.state.orderStatus, 'paid');
    assert.deepEqual(memory.runs.at(-1), {
      job: 'usdt-verify-payment',
      ok: true,
      error: null,
      details: { checked: 1, confirmed: 1, waiting: 0, rejected: 0, failed: 0 },
    });
  });

  Deno.test(`${network}: another token or another recipient is rejected, nothing credited`, async () => {
    const { chain, memory, submit } = setup(network);
    const fake = await chain.send(network, {
      from: MEMBER[network],
      to: CLUB[network],
      amount: '1000.37',
      contract: FAKE_TOKEN[network],
    });
    await chain.mine(network, DEPTH[network]);
    assert.deepEqual((await submit(fake.hash)).body.outcome, 'not_usdt_transfer');
    const elsewhere = await chain.send(network, {
      from: MEMBER[network],
      to: OTHER[network],
      amount: '1000.37',
    });
    await chain.mine(network, DEPTH[network]);
    const answer = await submit(elsewhere.hash);
    assert.deepEqual([answer.body.status, answer.body.outcome], ['rejected', 'wrong_recipient']);
    assert.ok(memory.checks.every((check) => check.verdicts.every((v) => v.status !== 'ok')));
  });

  Deno.test(`${network}: less than due is credited for what arrived, once final (underpaid)`, async () => {
    const { chain, memory, submit } = setup(network);
    const sent = await chain.send(network, {
      from: MEMBER[network],
      to: CLUB[network],
      amount: '1000.36',
    });
    await chain.mine(network, DEPTH[network]);
    const answer = await submit(sent.hash);
    assert.deepEqual([answer.body.status, answer.body.orderStatus], ['confirmed', 'underpaid']);
    assert.equal((memory.checks[0]!.verdicts[0]!.transfer as Record<string, unknown>).amount, '1000.36');
  });

  Deno.test(
    `${network}: a transfer removed by a reorg before finality is not found (waiting, never paid)`,
    async () => {
      const { chain, memory, submit, recheck } = setup(network);
      const sent = await chain.send(network, {
        from: MEMBER[network],
        to: CLUB[network],
        amount: '1000.37',
      });
      assert.equal((await submit(sent.hash)).body.outcome, 'not_final');
      await chain.reorg(network, 1);
      await chain.mine(network, DEPTH[network]);
      await recheck();
      assert.deepEqual(memory.checks[0]!.state, {
        status: 'waiting',
        outcome: 'not_found',
        confirmations: null,
        required: null,
        orderStatus: 'pending',
      });
    },
  );

  Deno.test(`${network}: the provider down is retried, then the check waits for the next run`, async () => {
    const { chain, memory, submit } = setup(network);
    const sent = await chain.send(network, {
      from: MEMBER[network],
      to: CLUB[network],
      amount: '1000.37',
    });
    await chain.mine(network, DEPTH[network]);
    await chain.fail(network, 'unavailable', 10);
    const answer = await submit(sent.hash);
    assert.deepEqual([answer.body.status, answer.body.outcome], ['waiting', 'retryable']);
    assert.ok(chain.options.waits.length >= 2, 'retried with back-off');
    assert.equal(memory.checks[0]!.verdicts[0]!.reason, 'unavailable');
  });
}

Deno.test('BSC: 18 decimals — 1000.37 USDT is 1000.37 × 10^18 units, exactly', async () => {
  const { chain, memory, submit } = setup('BSC');
  const sent = await chain.send('BSC', {
    from: MEMBER.BSC,
    to: CLUB.BSC,
    units: '1000370000000000000000',
  });
  await chain.mine('BSC', DEPTH.BSC);
  const answer = await submit(sent.hash);
  assert.equal(answer.body.orderStatus, 'paid');
  assert.equal((memory.checks[0]!.verdicts[0]!.transfer as Record<string, unknown>).units, '1000370000000000000000');
  // One unit (10^-18 USDT) less: short, credited as what arrived.
  const { chain: chain2, memory: memory2, submit: submit2 } = setup('BSC');
  const less = await chain2.send('BSC', {
    from: MEMBER.BSC,
    to: CLUB.BSC,
    units: '1000369999999999999999',
  });
  await chain2.mine('BSC', DEPTH.BSC);
  assert.equal((await submit2(less.hash)).body.orderStatus, 'underpaid');
  assert.equal((memory2.checks[0]!.verdicts[0]!.transfer as Record<string, unknown>).amount, '1000.369999999999999999');
});

Deno.test('a hash used by another order is refused (409), as the database says', async () => {
  const { chain, memory, submit } = setup('TRC20');
  const sent = await chain.send('TRC20', {
    from: MEMBER.TRC20,
    to: CLUB.TRC20,
    amount: '1000.37',
  });
  memory.refuse('payments.tx_hash_used');
  assert.deepEqual(await submit(sent.hash), {
    status: 409,
    body: {
      error: {
        code: 'payments.tx_hash_used',
        message: 'payments.tx_hash_used',
      },
    },
  });
  memory.refuse('payments.too_many_checks');
  assert.equal((await submit(sent.hash)).status, 429);
});

Deno.test('who may call: a member token for a hash; only the service role key re-checks', async () => {
  const { call } = setup('TRC20');
  assert.equal((await call({ orderId: ORDER_ID, txHash: 'ab'.repeat(32) }, 'stranger')).status, 401);
  assert.equal((await call({ recheck: true }, 'member-token')).status, 401);
  assert.equal((await call({ orderId: 'nope', txHash: 'x' })).status, 400);
  const other = await call({
    orderId: '00000000-0000-4000-8000-000000000000',
    txHash: 'ab'.repeat(32),
  });
  assert.equal(other.status, 404);
});
