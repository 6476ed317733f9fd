// The ERC20 and BSC verifier and watcher: against the documented JSON-RPC answers (fixtures) and
// against the local chain emulator for every case of issue 37 §5, on both networks.
import assert from 'node:assert/strict';
import { fixtureFetch, readFixture, testChain } from '../testing/chain.ts';
import { evmClient } from './evm.ts';
import { NETWORK_DEFINITIONS, parseUnits } from './networks.ts';
import type { ChainTransfer, VerifyResult } from './verifier.ts';

const MEMBER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CLUB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const OTHER = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const FAKE_TOKEN = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';

type EvmNetwork = 'ERC20' | 'BSC';
const units = (network: EvmNetwork, amount: string) => parseUnits(amount, NETWORK_DEFINITIONS[network].decimals);
const PATH: Record<EvmNetwork, string> = { ERC20: 'ethereum', BSC: 'bsc' };

function setup(network: EvmNetwork) {
  const chain = testChain();
  const client = evmClient({ network, rpcUrl: `http://chain.test/${PATH[network]}` }, chain.options);
  return { chain, client };
}

function transferOf(result: VerifyResult): ChainTransfer {
  assert.ok(
    'transfer' in result,
    `expected a transfer, got ${JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`,
  );
  return result.transfer;
}

Deno.test('ERC20: decodes the documented receipt and block answers (fixtures)', async () => {
  const receipt = readFixture('evm-eth_getTransactionReceipt.json');
  const block = readFixture('evm-eth_getBlockByNumber.json') as { result: Record<string, unknown> };
  const finalized = structuredClone(block);
  finalized.result.number = '0x14a6b40';
  const methods: string[] = [];
  const client = evmClient(
    { network: 'ERC20', rpcUrl: 'https://rpc.example/eth' },
    {
      fetch: fixtureFetch((method, params) => {
        methods.push(`${method} ${JSON.stringify(params)}`);
        if (method === 'eth_getTransactionReceipt') return receipt;
        if (method === 'eth_blockNumber') return readFixture('evm-eth_blockNumber.json');
        if (method === 'eth_getBlockByNumber') return (params as unknown[])[0] === 'finalized' ? finalized : block;
        throw new Error(`unexpected ${method}`);
      }),
    },
  );
  const hash = '0x85d995eba9763907fdf35cd2034144dd9d53ce32cbec21349d4b12823c6860c5';
  const result = await client.verify({
    network: 'ERC20',
    hash: hash.toUpperCase().replace('0X', '0x'),
    to: CLUB,
    amount: units('ERC20', '49.99'),
  });
  assert.deepEqual(result, {
    status: 'ok',
    confirmations: 65,
    transfer: {
      network: 'ERC20',
      hash,
      logIndex: 0x11a,
      contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      from: MEMBER,
      to: CLUB,
      amount: 49_990_000n,
      blockNumber: 0x14a6b2f,
      blockTime: '2024-11-27T20:00:48.000Z',
    },
  });
  assert.deepEqual(methods, [
    `eth_getTransactionReceipt ["${hash}"]`,
    'eth_getBlockByNumber ["0x14a6b2f",false]',
    'eth_blockNumber []',
    'eth_getBlockByNumber ["finalized",false]',
  ]);
});

Deno.test('EVM: a log flagged removed never counts; a receipt whose block was replaced is not found', async () => {
  const receipt = readFixture('evm-eth_getTransactionReceipt.json') as { result: { logs: { removed: boolean }[] } };
  const block = readFixture('evm-eth_getBlockByNumber.json') as { result: Record<string, unknown> };
  const answer = (method: string) =>
    method === 'eth_getTransactionReceipt'
      ? receipt
      : method === 'eth_blockNumber'
        ? readFixture('evm-eth_blockNumber.json')
        : block;
  const client = evmClient({ network: 'ERC20', rpcUrl: 'https://rpc.example' }, { fetch: fixtureFetch(answer) });
  const expected = { network: 'ERC20' as const, hash: `0x${'ab'.repeat(32)}`, to: CLUB, amount: 1n };
  receipt.result.logs[0]!.removed = true;
  assert.deepEqual(await client.verify(expected), { status: 'not_usdt_transfer' });
  receipt.result.logs[0]!.removed = false;
  block.result.hash = `0x${'cd'.repeat(32)}`;
  assert.deepEqual(await client.verify(expected), { status: 'not_found' });
});

Deno.test(
  'EVM: the documented unknown answer (null) is not found; a JSON-RPC error is retryable; hashes need 0x',
  async () => {
    const unknown = evmClient(
      { network: 'BSC', rpcUrl: 'https://rpc.example' },
      { fetch: fixtureFetch(() => readFixture('evm-eth_getTransactionReceipt-unknown.json')) },
    );
    assert.deepEqual(await unknown.verify({ network: 'BSC', hash: `0x${'ab'.repeat(32)}`, to: CLUB, amount: 1n }), {
      status: 'not_found',
    });
    assert.deepEqual(await unknown.verify({ network: 'BSC', hash: 'ab'.repeat(32), to: CLUB, amount: 1n }), {
      status: 'invalid_hash',
    });
    const erroring = evmClient(
      { network: 'BSC', rpcUrl: 'https://rpc.example' },
      { fetch: fixtureFetch(() => readFixture('evm-error.json')) },
    );
    assert.deepEqual(await erroring.verify({ network: 'BSC', hash: `0x${'ab'.repeat(32)}`, to: CLUB, amount: 1n }), {
      status: 'retryable',
      reason: 'bad_response',
      detail: 'eth_getTransactionReceipt: the method eth_foo does not exist/is not available',
    });
    const limited = evmClient(
      { network: 'BSC', rpcUrl: 'https://rpc.example' },
      { fetch: fixtureFetch(() => ({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'limit exceeded' } })) },
    );
    assert.equal(
      (await limited.verify({ network: 'BSC', hash: `0x${'ab'.repeat(32)}`, to: CLUB, amount: 1n })).status,
      'retryable',
    );
  },
);

for (const network of ['ERC20', 'BSC'] as const) {
  const depth = network === 'ERC20' ? 64 : 3;

  Deno.test(`${network}: success once finalized; not final (x/${depth}) before`, async () => {
    const { chain, client } = setup(network);
    const sent = await chain.send(network, { from: MEMBER, to: CLUB, amount: '49.57' });
    const expected = { network, hash: sent.hash, to: CLUB, amount: units(network, '49.57') };
    const first = await client.verify(expected);
    assert.deepEqual(first.status === 'not_final' && [first.confirmations, first.required], [1, depth]);
    await chain.mine(network, depth - 2);
    const almost = await client.verify(expected);
    assert.deepEqual(almost.status === 'not_final' && [almost.confirmations, almost.required], [depth - 1, depth]);
    await chain.mine(network, 1);
    const final = await client.verify(expected);
    assert.equal(final.status, 'ok');
    assert.deepEqual(
      { ...transferOf(final), blockTime: '' },
      {
        network,
        hash: sent.hash,
        logIndex: 0,
        contract: NETWORK_DEFINITIONS[network].usdtContract,
        from: MEMBER,
        to: CLUB,
        amount: units(network, '49.57'),
        blockNumber: sent.blockNumber,
        blockTime: '',
      },
    );
  });

  Deno.test(`${network}: another token, another recipient, less than due`, async () => {
    const { chain, client } = setup(network);
    const token = await chain.send(network, { from: MEMBER, to: CLUB, amount: '50', contract: FAKE_TOKEN });
    const elsewhere = await chain.send(network, { from: MEMBER, to: OTHER, amount: '50' });
    const short = await chain.send(network, { from: MEMBER, to: CLUB, amount: '49.56' });
    const due = { network, to: CLUB, amount: units(network, '49.57') };
    assert.deepEqual(await client.verify({ ...due, hash: token.hash }), { status: 'not_usdt_transfer' });
    assert.deepEqual(await client.verify({ ...due, hash: elsewhere.hash }), {
      status: 'wrong_recipient',
      recipients: [OTHER],
    });
    const result = await client.verify({ ...due, hash: short.hash });
    assert.equal(result.status, 'short_amount');
    assert.equal(transferOf(result).amount, units(network, '49.56'));
  });

  Deno.test(`${network}: a reverted transaction failed; a reorg removes a transfer that was not final`, async () => {
    const { chain, client } = setup(network);
    const failed = await chain.send(network, { from: MEMBER, to: CLUB, amount: '10', failed: true });
    assert.deepEqual(await client.verify({ network, hash: failed.hash, to: CLUB, amount: units(network, '10') }), {
      status: 'failed',
      reason: 'reverted',
    });
    const sent = await chain.send(network, { from: MEMBER, to: CLUB, amount: '10' });
    const expected = { network, hash: sent.hash, to: CLUB, amount: units(network, '10') };
    assert.equal((await client.verify(expected)).status, 'not_final');
    await chain.reorg(network, 1);
    assert.deepEqual(await client.verify(expected), { status: 'not_found' });
  });

  Deno.test(`${network}: provider down is retryable; a 429 is retried after a back-off`, async () => {
    const { chain, client } = setup(network);
    const sent = await chain.send(network, { from: MEMBER, to: CLUB, amount: '10' });
    await chain.mine(network, depth);
    const expected = { network, hash: sent.hash, to: CLUB, amount: units(network, '10') };
    await chain.fail(network, 'rate_limit', 3);
    assert.deepEqual(await client.verify(expected), {
      status: 'retryable',
      reason: 'rate_limited',
      detail: 'the provider answered 429',
    });
    await chain.fail(network, 'unavailable', 1);
    assert.equal((await client.verify(expected)).status, 'ok');
    await chain.fail(network, 'timeout', 3);
    assert.equal((await client.verify(expected)).status, 'retryable');
    assert.equal((await client.verify(expected)).status, 'ok');
  });

  Deno.test(`${network} withdrawals: from a club address, exactly the amount due`, async () => {
    const { chain, client } = setup(network);
    const payout = await chain.send(network, { from: CLUB, to: MEMBER, amount: '95' });
    const foreign = await chain.send(network, { from: OTHER, to: MEMBER, amount: '95' });
    await chain.mine(network, depth);
    const due = {
      network,
      to: MEMBER,
      amount: units(network, '95'),
      amountRule: 'exact' as const,
      from: [CLUB.toLowerCase()],
    };
    assert.equal((await client.verify({ ...due, hash: payout.hash })).status, 'ok');
    assert.equal((await client.verify({ ...due, hash: foreign.hash })).status, 'wrong_sender');
    assert.equal(
      (await client.verify({ ...due, hash: payout.hash, amount: units(network, '95.01') })).status,
      'wrong_amount',
    );
  });

  Deno.test(`${network} watcher: final USDT logs to the club, after the cursor`, async () => {
    const { chain, client } = setup(network);
    const first = await chain.send(network, { from: MEMBER, to: CLUB, amount: '10.01' });
    await chain.send(network, { from: CLUB, to: MEMBER, amount: '1' });
    await chain.send(network, { from: MEMBER, to: CLUB, amount: '7', contract: FAKE_TOKEN });
    const later = await chain.send(network, { from: MEMBER, to: CLUB, amount: '10.02' });
    await chain.mine(network, depth - 2);
    const page = await client.incoming(CLUB, null);
    assert.ok('transfers' in page);
    assert.deepEqual(
      page.transfers.map((t) => [t.hash, t.amount]),
      [[first.hash, units(network, '10.01')]],
    );
    await chain.mine(network, 3);
    const next = await client.incoming(CLUB, page.cursor);
    assert.ok('transfers' in next);
    assert.deepEqual(
      next.transfers.map((t) => [t.hash, t.amount, t.logIndex]),
      [[later.hash, units(network, '10.02'), 0]],
    );
    const again = await client.incoming(CLUB, next.cursor);
    assert.ok('transfers' in again);
    assert.deepEqual(again.transfers, []);
  });
}

Deno.test('BSC: 18 decimals — 25.5 USDT is 25.5 × 10^18 units, and one unit less than due is short', async () => {
  const { chain, client } = setup('BSC');
  const sent = await chain.send('BSC', { from: MEMBER, to: CLUB, amount: '25.5' });
  await chain.mine('BSC', 3);
  const result = await client.verify({ network: 'BSC', hash: sent.hash, to: CLUB, amount: parseUnits('25.5', 18) });
  assert.equal(result.status, 'ok');
  assert.equal(transferOf(result).amount, 25_500_000_000_000_000_000n);
  // One unit (10^-18 USDT) short is short.
  const short = await client.verify({
    network: 'BSC',
    hash: sent.hash,
    to: CLUB,
    amount: parseUnits('25.500000000000000001', 18),
  });
  assert.equal(short.status, 'short_amount');
});

Deno.test('EVM: a configured depth replaces the finalized tag', async () => {
  const chain = testChain();
  const client = evmClient(
    { network: 'ERC20', rpcUrl: 'http://chain.test/ethereum', finality: { kind: 'depth', confirmations: 12 } },
    chain.options,
  );
  const sent = await chain.send('ERC20', { from: MEMBER, to: CLUB, amount: '1' });
  await chain.mine('ERC20', 10);
  const early = await client.verify({ network: 'ERC20', hash: sent.hash, to: CLUB, amount: units('ERC20', '1') });
  assert.deepEqual(early.status === 'not_final' && [early.confirmations, early.required], [11, 12]);
  await chain.mine('ERC20', 1);
  assert.equal(
    (await client.verify({ network: 'ERC20', hash: sent.hash, to: CLUB, amount: units('ERC20', '1') })).status,
    'ok',
  );
});
