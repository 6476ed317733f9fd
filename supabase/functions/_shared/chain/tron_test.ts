// The TRC20 verifier and watcher: against the documented TronGrid answers (fixtures) and against the
// local chain emulator for every case of issue 37 §5.
import assert from 'node:assert/strict';
import { fixtureFetch, readFixture, testChain } from '../testing/chain.ts';
import { parseUnits } from './networks.ts';
import { tronClient } from './tron.ts';
import type { ChainTransfer, VerifyResult } from './verifier.ts';

const MEMBER = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';
const CLUB = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';
const OTHER = 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh';
/** A token contract that is not USDT. */
const FAKE_TOKEN = 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh';
const usdt = (amount: string) => parseUnits(amount, 6);

function setup() {
  const chain = testChain();
  const client = tronClient({ apiUrl: 'http://chain.test/tron' }, chain.options);
  return { chain, client };
}

function transferOf(result: VerifyResult): ChainTransfer {
  assert.ok(
    'transfer' in result,
    `expected a transfer, got ${JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`,
  );
  return result.transfer;
}

Deno.test('TRC20: decodes the documented gettransactioninfobyid answer (fixture)', async () => {
  const info = readFixture('tron-gettransactioninfobyid.json');
  const head = readFixture('tron-getnowblock.json') as { block_header: { raw_data: { number: number } } };
  const solid = structuredClone(head);
  solid.block_header.raw_data.number = 68123464;
  const calls: string[] = [];
  const client = tronClient(
    { apiUrl: 'https://api.trongrid.io/', apiKey: 'key-1' },
    {
      fetch: fixtureFetch((path) => {
        calls.push(path);
        if (path === '/wallet/gettransactioninfobyid') return info;
        if (path === '/wallet/getnowblock') return head;
        if (path === '/walletsolidity/getnowblock') return solid;
        throw new Error(`unexpected ${path}`);
      }),
    },
  );
  const result = await client.verify({
    network: 'TRC20',
    hash: '7C2D1A6F4B5E3D2C1B0A9F8E7D6C5B4A39281706F5E4D3C2B1A09F8E7D6C5B4A',
    to: CLUB,
    amount: usdt('12.345678'),
  });
  assert.deepEqual(result, {
    status: 'ok',
    confirmations: 28,
    transfer: {
      network: 'TRC20',
      hash: '7c2d1a6f4b5e3d2c1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a',
      logIndex: 0,
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      from: MEMBER,
      to: CLUB,
      amount: 12_345_678n,
      blockNumber: 68123456,
      blockTime: '2024-11-27T12:20:00.000Z',
    },
  });
  assert.deepEqual(calls, ['/wallet/gettransactioninfobyid', '/wallet/getnowblock', '/walletsolidity/getnowblock']);
  // Solidified head below the block: not final, with x of y confirmations.
  solid.block_header.raw_data.number = 68123450;
  const pending = await client.verify({ network: 'TRC20', hash: 'ab'.repeat(32), to: CLUB, amount: usdt('12') });
  assert.equal(pending.status, 'not_final');
  assert.deepEqual(
    [pending.status === 'not_final' && pending.confirmations, pending.status === 'not_final' && pending.required],
    [28, 34],
  );
});

Deno.test('TRC20: the unknown answer ({}) is not found; a 0x-prefixed or short hash is refused unasked', async () => {
  const client = tronClient(
    { apiUrl: 'https://api.trongrid.io' },
    { fetch: fixtureFetch(() => readFixture('tron-gettransactioninfobyid-unknown.json')) },
  );
  assert.deepEqual(await client.verify({ network: 'TRC20', hash: 'ab'.repeat(32), to: CLUB, amount: 1n }), {
    status: 'not_found',
  });
  const refusing = tronClient(
    { apiUrl: 'https://api.trongrid.io' },
    { fetch: () => Promise.reject(new Error('asked')) },
  );
  assert.deepEqual(await refusing.verify({ network: 'TRC20', hash: `0x${'ab'.repeat(32)}`, to: CLUB, amount: 1n }), {
    status: 'invalid_hash',
  });
  assert.deepEqual(await refusing.verify({ network: 'TRC20', hash: 'ab'.repeat(31), to: CLUB, amount: 1n }), {
    status: 'invalid_hash',
  });
});

Deno.test('TRC20: success once solidified; not final (x/19) before', async () => {
  const { chain, client } = setup();
  const sent = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '49.57' });
  const expected = { network: 'TRC20' as const, hash: sent.hash, to: CLUB, amount: usdt('49.57') };
  const first = await client.verify(expected);
  assert.equal(first.status, 'not_final');
  assert.deepEqual(first.status === 'not_final' && [first.confirmations, first.required], [1, 19]);
  await chain.mine('TRC20', 10);
  const later = await client.verify(expected);
  assert.deepEqual(later.status === 'not_final' && [later.confirmations, later.required], [11, 19]);
  await chain.mine('TRC20', 8);
  const final = await client.verify(expected);
  assert.equal(final.status, 'ok');
  assert.deepEqual(
    { ...transferOf(final), blockTime: undefined },
    {
      network: 'TRC20',
      hash: sent.hash,
      logIndex: 0,
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      from: MEMBER,
      to: CLUB,
      amount: 49_570_000n,
      blockNumber: sent.blockNumber,
      blockTime: undefined,
    },
  );
});

Deno.test('TRC20: another token’s Transfer is not a USDT transfer', async () => {
  const { chain, client } = setup();
  const sent = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '50', contract: FAKE_TOKEN });
  await chain.mine('TRC20', 18);
  assert.deepEqual(await client.verify({ network: 'TRC20', hash: sent.hash, to: CLUB, amount: usdt('50') }), {
    status: 'not_usdt_transfer',
  });
});

Deno.test('TRC20: USDT sent elsewhere is the wrong recipient, with where it went', async () => {
  const { chain, client } = setup();
  const sent = await chain.send('TRC20', { from: MEMBER, to: OTHER, amount: '50' });
  assert.deepEqual(await client.verify({ network: 'TRC20', hash: sent.hash, to: CLUB, amount: usdt('50') }), {
    status: 'wrong_recipient',
    recipients: [OTHER],
  });
});

Deno.test('TRC20: less than due is short, with the amount; more than due is fine', async () => {
  const { chain, client } = setup();
  const short = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '49.56' });
  const over = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '60' });
  await chain.mine('TRC20', 18);
  const result = await client.verify({ network: 'TRC20', hash: short.hash, to: CLUB, amount: usdt('49.57') });
  assert.equal(result.status, 'short_amount');
  assert.deepEqual(result.status === 'short_amount' && [result.expected, result.transfer.amount], [
    49_570_000n,
    49_560_000n,
  ]);
  const paid = await client.verify({ network: 'TRC20', hash: over.hash, to: CLUB, amount: usdt('49.57') });
  assert.equal(paid.status, 'ok');
  assert.equal(transferOf(paid).amount, 60_000_000n);
});

Deno.test('TRC20: a reverted transaction failed; a reorg removes a transfer that was not final', async () => {
  const { chain, client } = setup();
  const failed = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '10', failed: true });
  assert.deepEqual(await client.verify({ network: 'TRC20', hash: failed.hash, to: CLUB, amount: usdt('10') }), {
    status: 'failed',
    reason: 'REVERT',
  });
  const sent = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '10' });
  await chain.mine('TRC20', 2);
  assert.equal(
    (await client.verify({ network: 'TRC20', hash: sent.hash, to: CLUB, amount: usdt('10') })).status,
    'not_final',
  );
  await chain.reorg('TRC20', 3);
  assert.deepEqual(await client.verify({ network: 'TRC20', hash: sent.hash, to: CLUB, amount: usdt('10') }), {
    status: 'not_found',
  });
});

Deno.test('TRC20: provider down is retryable; a 429 is retried after a back-off and then succeeds', async () => {
  const { chain, client } = setup();
  const sent = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '10' });
  await chain.mine('TRC20', 18);
  const expected = { network: 'TRC20' as const, hash: sent.hash, to: CLUB, amount: usdt('10') };
  await chain.fail('TRC20', 'unavailable', 3);
  assert.deepEqual(await client.verify(expected), {
    status: 'retryable',
    reason: 'unavailable',
    detail: 'the provider answered 503',
  });
  assert.deepEqual(chain.options.waits, [500, 1000]);
  chain.options.waits.length = 0;
  await chain.fail('TRC20', 'rate_limit', 2);
  assert.equal((await client.verify(expected)).status, 'ok');
  assert.equal(chain.options.waits.length, 2);
  await chain.fail('TRC20', 'timeout', 3);
  assert.deepEqual(await client.verify(expected), {
    status: 'retryable',
    reason: 'timeout',
    detail: 'the provider did not answer in time',
  });
});

Deno.test('TRC20 withdrawals: from a club address, exactly the amount due', async () => {
  const { chain, client } = setup();
  const payout = await chain.send('TRC20', { from: CLUB, to: MEMBER, amount: '95' });
  const foreign = await chain.send('TRC20', { from: OTHER, to: MEMBER, amount: '95' });
  await chain.mine('TRC20', 18);
  const due = { network: 'TRC20' as const, to: MEMBER, amount: usdt('95'), amountRule: 'exact' as const, from: [CLUB] };
  assert.equal((await client.verify({ ...due, hash: payout.hash })).status, 'ok');
  assert.equal((await client.verify({ ...due, hash: foreign.hash })).status, 'wrong_sender');
  const wrong = await client.verify({ ...due, hash: payout.hash, amount: usdt('94.99') });
  assert.equal(wrong.status, 'wrong_amount');
});

Deno.test(
  'TRC20 watcher: confirmed USDT transfers to the club, with block and log index; the cursor moves on',
  async () => {
    const { chain, client } = setup();
    const first = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '10.01' });
    await chain.send('TRC20', { from: CLUB, to: MEMBER, amount: '1' });
    await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '7', contract: FAKE_TOKEN });
    const unconfirmed = await chain.send('TRC20', { from: MEMBER, to: CLUB, amount: '10.02' });
    await chain.mine('TRC20', 16);
    const page = await client.incoming(CLUB, null);
    assert.ok('transfers' in page);
    assert.deepEqual(
      page.transfers.map((t) => [t.hash, t.logIndex, t.amount, t.blockNumber]),
      [[first.hash, 0, 10_010_000n, first.blockNumber]],
    );
    await chain.mine('TRC20', 3);
    const next = await client.incoming(CLUB, page.cursor);
    assert.ok('transfers' in next);
    assert.ok(next.transfers.some((t) => t.hash === unconfirmed.hash && t.amount === 10_020_000n));
    assert.ok(Number(next.cursor) > Number(page.cursor));
    await chain.fail('TRC20', 'unavailable', 3);
    const down = await client.incoming(CLUB, next.cursor);
    assert.ok('status' in down && down.status === 'retryable');
  },
);
