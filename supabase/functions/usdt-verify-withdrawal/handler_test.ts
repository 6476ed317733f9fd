// The usdt-verify-withdrawal function against the local chain (the stack's emulator, in-process) and
// an in-memory store that keeps the database's rules the function relies on: only the claimant gets
// a target, one (network, hash, log index) pays one thing, completion needs the verified transfer.
// Cases of issue 37 §3/§4: ok, wrong recipient, wrong amount, wrong sender, not final then final,
// hash reused, provider down.
import assert from 'node:assert/strict';
import type { ChainTransferJson } from '../_shared/chain/clients.ts';
import { tronClient } from '../_shared/chain/tron.ts';
import { quietLogger } from '../_shared/http.ts';
import { testChain } from '../_shared/testing/chain.ts';
import {
  type CompletedWithdrawal,
  createVerifyWithdrawalHandler,
  StoreError,
  type WithdrawalTarget,
} from './handler.ts';

const MEMBER = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';
const CLUB = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';
const OTHER = 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh';
const ADMIN = '0b7f7c36-3a4c-4df0-9d8e-3c1b2a4d5e6f';
const WITHDRAWAL = '6f1c1f4e-0d6a-4d39-9f0e-1b7c1a2b3c4d';
const SECOND = '7a2d2f5e-1e7b-4e4a-8f1f-2c8d2b3c4d5e';

interface MemoryWithdrawal {
  target: WithdrawalTarget;
  status: 'processing' | 'completed';
  txHash: string | null;
  transfer: ChainTransferJson | null;
}

function memoryStore(withdrawals: MemoryWithdrawal[]) {
  const used = new Map<string, string>();
  const calls: string[] = [];
  const find = (id: string) => {
    const row = withdrawals.find((w) => w.target.withdrawalId === id);
    if (!row) throw new StoreError('wallet.withdrawal_not_found');
    return row;
  };
  return {
    calls,
    withdrawals,
    store: {
      target(token: string, id: string) {
        calls.push('target');
        if (token !== 'admin-token') return Promise.reject(new StoreError('auth.forbidden'));
        const row = find(id);
        if (row.status !== 'processing') return Promise.reject(new StoreError('wallet.withdrawal_not_pending'));
        return Promise.resolve(row.target);
      },
      recordHash(_token: string, id: string, txHash: string) {
        calls.push('recordHash');
        find(id).txHash = txHash;
        return Promise.resolve();
      },
      recordTransfer(id: string, adminId: string, transfer: ChainTransferJson) {
        calls.push('recordTransfer');
        assert.equal(adminId, ADMIN);
        const key = `${transfer.network}:${transfer.hash}:${transfer.logIndex}`;
        const holder = used.get(key);
        if (holder && holder !== id) return Promise.reject(new StoreError('chain.transfer_used'));
        used.set(key, id);
        find(id).transfer = transfer;
        return Promise.resolve();
      },
      complete(_token: string, id: string, txHash: string): Promise<CompletedWithdrawal> {
        calls.push('complete');
        const row = find(id);
        if (!row.transfer || row.transfer.hash !== txHash) {
          return Promise.reject(new StoreError('wallet.withdrawal_not_verified'));
        }
        row.status = 'completed';
        row.txHash = txHash;
        return Promise.resolve({ id, status: 'completed', tx_hash: txHash });
      },
    },
  };
}

function withdrawal(id = WITHDRAWAL, amount = '25.50'): MemoryWithdrawal {
  return {
    target: { withdrawalId: id, network: 'TRC20', address: MEMBER, amount, clubAddresses: [CLUB], adminId: ADMIN },
    status: 'processing',
    txHash: null,
    transfer: null,
  };
}

/** The function's JSON answer, as the tests read it (each test asserts the fields it expects). */
interface Answer {
  status: string;
  withdrawal: Record<string, unknown>;
  confirmations: number;
  required: number;
  error: Record<string, unknown>;
}

function setup(rows = [withdrawal()]) {
  const chain = testChain();
  const memory = memoryStore(rows);
  const handler = createVerifyWithdrawalHandler({
    store: memory.store,
    verifiers: { TRC20: tronClient({ apiUrl: 'http://chain.test/tron' }, chain.options) },
    logger: quietLogger,
  });
  const post = async (body: unknown, token = 'admin-token') => {
    const response = await handler(
      new Request('http://localhost/functions/v1/usdt-verify-withdrawal', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Answer };
  };
  /** A USDT transfer from the club to the member, buried deep enough to be final. */
  const send = async (body: Record<string, unknown> = {}, finalize = true) => {
    const sent = await chain.send('TRC20', { from: CLUB, to: MEMBER, amount: '25.50', ...body });
    if (finalize) await chain.mine('TRC20', 19);
    return sent;
  };
  return { chain, memory, post, send };
}

Deno.test(
  'ok: a final transfer from the club to the member of the exact amount completes the withdrawal with its block and time',
  async () => {
    const { memory, post, send } = setup();
    const sent = await send();
    const answer = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash.toUpperCase() });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.status, 'completed');
    assert.equal(answer.body.withdrawal.tx_hash, sent.hash);
    assert.equal(answer.body.withdrawal.block_number, sent.blockNumber);
    assert.match(String(answer.body.withdrawal.block_time), /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(memory.calls, ['target', 'recordTransfer', 'complete']);
    const recorded = memory.withdrawals[0]!.transfer!;
    assert.deepEqual(
      [recorded.from, recorded.to, recorded.amount, recorded.units, recorded.logIndex],
      [CLUB, MEMBER, '25.50', '25500000', sent.logIndex],
    );
  },
);

Deno.test('wrong recipient: refused with where the USDT went and the member address; nothing recorded', async () => {
  const { memory, post, send } = setup();
  const sent = await send({ to: OTHER });
  const answer = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
  assert.equal(answer.status, 422);
  assert.deepEqual(answer.body.error, {
    code: 'chain.wrong_recipient',
    message: 'chain.wrong_recipient',
    recipients: [OTHER],
    expected: MEMBER,
  });
  assert.deepEqual(memory.calls, ['target']);
  assert.equal(memory.withdrawals[0]!.status, 'processing');
});

Deno.test('wrong amount: 25.49 for a withdrawal of 25.50 (and 25.51) is refused with both amounts', async () => {
  for (const amount of ['25.49', '25.51']) {
    const { memory, post, send } = setup();
    const sent = await send({ amount });
    const answer = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(answer.status, 422);
    assert.equal(answer.body.error.code, 'chain.wrong_amount');
    assert.equal(answer.body.error.amount, amount);
    assert.equal(answer.body.error.expected, '25.50');
    assert.deepEqual(memory.calls, ['target']);
  }
});

Deno.test('wrong sender: USDT to the member from an address that is not the club’s is refused', async () => {
  const { memory, post, send } = setup();
  const sent = await send({ from: OTHER });
  const answer = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
  assert.equal(answer.status, 422);
  assert.deepEqual([answer.body.error.code, answer.body.error.from], ['chain.wrong_sender', OTHER]);
  assert.deepEqual(memory.calls, ['target']);
});

Deno.test(
  'not final: x/y confirmations and the hash kept on the withdrawal; once final the same call completes it',
  async () => {
    const { chain, memory, post, send } = setup();
    const sent = await send({}, false);
    const first = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(first.status, 202);
    assert.equal(first.body.status, 'not_final');
    assert.equal(first.body.required, 19);
    assert.ok(first.body.confirmations >= 1 && first.body.confirmations < 19, JSON.stringify(first.body));
    assert.equal(memory.withdrawals[0]!.txHash, sent.hash);
    assert.equal(memory.withdrawals[0]!.status, 'processing');
    await chain.mine('TRC20', 10);
    const second = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(second.status, 202);
    assert.equal(second.body.confirmations, first.body.confirmations + 10);
    await chain.mine('TRC20', 10);
    const third = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(third.status, 200);
    assert.equal(memory.withdrawals[0]!.status, 'completed');
  },
);

Deno.test(
  'reused hash: a transfer that completed one withdrawal cannot complete another of the same member and amount',
  async () => {
    const { memory, post, send } = setup([withdrawal(WITHDRAWAL), withdrawal(SECOND)]);
    const sent = await send();
    assert.equal((await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash })).status, 200);
    const again = await post({ withdrawalId: SECOND, txHash: sent.hash });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'chain.transfer_used');
    assert.equal(memory.withdrawals[1]!.status, 'processing');
    assert.equal(memory.withdrawals[1]!.transfer, null);
  },
);

Deno.test(
  'provider down: retried, then 503 chain.unavailable with nothing decided; answered once it is back',
  async () => {
    const { chain, memory, post, send } = setup();
    const sent = await send();
    await chain.fail('TRC20', 'unavailable', 3);
    const down = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(down.status, 503);
    assert.deepEqual([down.body.error.code, down.body.error.reason], ['chain.unavailable', 'unavailable']);
    assert.deepEqual(chain.options.waits, [500, 1000]);
    assert.deepEqual(memory.calls, ['target']);
    await chain.fail('TRC20', 'rate_limit', 1);
    const back = await post({ withdrawalId: WITHDRAWAL, txHash: sent.hash });
    assert.equal(back.status, 200);
  },
);

Deno.test(
  'the caller: no token 401, a non-admin (or aal1) token 403 from the database, a bad hash 400 unasked',
  async () => {
    const { memory, post } = setup();
    assert.equal((await post({ withdrawalId: WITHDRAWAL, txHash: 'ab'.repeat(32) }, 'member-token')).status, 403);
    const bad = await post({ withdrawalId: WITHDRAWAL, txHash: `0x${'ab'.repeat(32)}` });
    assert.deepEqual([bad.status, bad.body.error.code], [400, 'chain.invalid_hash']);
    assert.equal((await post({ withdrawalId: 'nope', txHash: 'ab'.repeat(32) })).status, 400);
    assert.deepEqual(memory.calls, ['target', 'target']);
    const handler = createVerifyWithdrawalHandler({ store: memory.store, verifiers: {}, logger: quietLogger });
    const anonymous = await handler(
      new Request('http://localhost/x', { method: 'POST', body: JSON.stringify({ withdrawalId: WITHDRAWAL }) }),
    );
    assert.equal(anonymous.status, 401);
    const options = await handler(new Request('http://localhost/x', { method: 'OPTIONS' }));
    assert.equal(options.status, 204);
  },
);
