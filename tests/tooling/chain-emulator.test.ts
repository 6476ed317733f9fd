// The local chain (scripts/stack/chain-emulator.ts behind scripts/stack/chain.ts). Contract tests:
// its answers have the keys, value types and encodings of the documented provider answers written
// down in supabase/functions/_shared/chain/fixtures/, so the emulation and the verifiers cannot
// drift from the real shape together. Then what tests and developers drive: transfers, mining,
// finality, reorgs, failures, the watcher's list, and the service's place in the stack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, memoryLogger } from '@klub/local-supabase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainFunctionEnv, chainService, startChain, type ChainService } from '../../scripts/stack/chain.ts';
import { WORKDIR } from '../../scripts/lib/root.ts';

const FIXTURES = path.join(WORKDIR, 'supabase/functions/_shared/chain/fixtures');
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

/** A string's encoding class: what a consumer parses it as. */
function kind(value: string): string {
  if (/^0x[0-9a-f]{64}$/.test(value)) return 'hash32';
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return 'address20';
  if (/^0x(00)+$/.test(value) && value.length === 514) return 'bloom';
  if (/^0x[0-9a-f]{64,}$/.test(value) && value.length % 2 === 0) return 'data';
  if (/^0x[0-9a-f]+$/.test(value)) return 'quantity';
  if (value === '0x') return 'empty-data';
  if (/^[0-9a-f]{64}$/.test(value)) return 'hex32';
  if (/^41[0-9a-f]{40}$/.test(value)) return 'tron-hex-address';
  if (/^[0-9a-f]{40}$/.test(value)) return 'hex20';
  if (/^[0-9a-f]{130}$/.test(value)) return 'signature';
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return 'base58-address';
  if (/^\d+$/.test(value)) return 'decimal';
  return 'text';
}

/** The shape of a JSON value: keys, types and string encodings (array elements by their first one). */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  }
  return typeof value === 'string' ? `string:${kind(value)}` : typeof value;
}

let chain: ChainService;
const url = (p: string) => `${chain.url}${p}`;

async function control(p: string, body: unknown) {
  const response = await fetch(url(p), { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const post = async (p: string, body: unknown) =>
  (
    await fetch(url(p), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  ).json();
const rpc = (network: 'ethereum' | 'bsc', method: string, params: unknown[]) =>
  post(`/${network}`, { jsonrpc: '2.0', id: 1, method, params }) as Promise<Record<string, unknown>>;

const TRON_FROM = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';
const TRON_CLUB = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';
const EVM_FROM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EVM_CLUB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

beforeAll(async () => {
  chain = await startChain({ port: await freePort(), log: memoryLogger(), hangMs: 2000 });
});
afterAll(() => chain.stop());
beforeEach(async () => {
  await fetch(url('/api/state'), { method: 'DELETE' });
});

describe('contract: TRON answers have the documented shape', () => {
  it('gettransactioninfobyid (full and solidity node), unknown ids, getnowblock', async () => {
    const sent = await control('/api/transfer', {
      network: 'TRC20',
      from: TRON_FROM,
      to: TRON_CLUB,
      amount: '12.345678',
    });
    expect(sent.status).toBe(201);
    const info = await post('/tron/wallet/gettransactioninfobyid', { value: sent.body.hash });
    expect(shape(info)).toEqual(shape(fixture('tron-gettransactioninfobyid.json')));
    expect(await post('/tron/walletsolidity/gettransactioninfobyid', { value: sent.body.hash })).toEqual({});
    await control('/api/mine', { network: 'TRC20', blocks: 18 });
    expect(shape(await post('/tron/walletsolidity/gettransactioninfobyid', { value: sent.body.hash }))).toEqual(
      shape(fixture('tron-gettransactioninfobyid.json')),
    );
    expect(await post('/tron/wallet/gettransactioninfobyid', { value: 'ab'.repeat(32) })).toEqual(
      fixture('tron-gettransactioninfobyid-unknown.json'),
    );
    for (const p of ['/tron/wallet/getnowblock', '/tron/walletsolidity/getnowblock']) {
      expect(shape(await post(p, {}))).toEqual(shape(fixture('tron-getnowblock.json')));
    }
  });

  it('the TRC-20 history of an account', async () => {
    await control('/api/transfer', { network: 'TRC20', from: TRON_FROM, to: TRON_CLUB, amount: '12.345678' });
    await control('/api/mine', { network: 'TRC20', blocks: 18 });
    const list = await (
      await fetch(url(`/tron/v1/accounts/${TRON_CLUB}/transactions/trc20?only_confirmed=true&only_to=true`))
    ).json();
    expect(shape(list)).toEqual(shape(fixture('tron-trc20-transactions.json')));
  });
});

describe('contract: EVM JSON-RPC answers have the documented shape', () => {
  it.each(['ethereum', 'bsc'] as const)(
    '%s: receipt, unknown receipt, blocks, block number, logs, errors',
    async (name) => {
      const network = name === 'ethereum' ? 'ERC20' : 'BSC';
      const sent = await control('/api/transfer', { network, from: EVM_FROM, to: EVM_CLUB, amount: '49.99' });
      expect(shape(await rpc(name, 'eth_getTransactionReceipt', [sent.body.hash]))).toEqual(
        shape(fixture('evm-eth_getTransactionReceipt.json')),
      );
      expect(await rpc(name, 'eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`])).toEqual(
        fixture('evm-eth_getTransactionReceipt-unknown.json'),
      );
      for (const tag of ['latest', `0x${Number(sent.body.blockNumber).toString(16)}`]) {
        expect(shape(await rpc(name, 'eth_getBlockByNumber', [tag, false]))).toEqual(
          shape(fixture('evm-eth_getBlockByNumber.json')),
        );
      }
      // The finalized block is an empty one: the same shape with no transaction hashes.
      const empty = fixture('evm-eth_getBlockByNumber.json') as { result: { transactions: string[] } };
      empty.result.transactions = [];
      expect(shape(await rpc(name, 'eth_getBlockByNumber', ['finalized', false]))).toEqual(shape(empty));
      expect(shape(await rpc(name, 'eth_blockNumber', []))).toEqual(shape(fixture('evm-eth_blockNumber.json')));
      const logs = await rpc(name, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
      expect(shape(logs)).toEqual(shape(fixture('evm-eth_getLogs.json')));
      expect(shape(await rpc(name, 'eth_foo', []))).toEqual(shape(fixture('evm-error.json')));
    },
  );
});

describe('driving the chain', () => {
  it('a transfer is mined at once; final after the network’s depth (TRON 19, Ethereum 64, BSC 3)', async () => {
    const state = (await (await fetch(url('/api/state'))).json()) as Record<string, Record<string, number>>;
    expect(state.TRC20).toMatchObject({ finalityDepth: 19 });
    expect(state.ERC20).toMatchObject({ finalityDepth: 64 });
    expect(state.BSC).toMatchObject({ finalityDepth: 3 });
    const sent = await control('/api/transfer', { network: 'BSC', from: EVM_FROM, to: EVM_CLUB, amount: '25.5' });
    const receipt = (await rpc('bsc', 'eth_getTransactionReceipt', [sent.body.hash])).result as Record<string, unknown>;
    const log = (receipt.logs as Record<string, unknown>[])[0]!;
    expect(BigInt(log.data as string)).toBe(25_500_000_000_000_000_000n);
    expect(log.address).toBe('0x55d398326f99059ff775485246999027b3197955');
    expect(log.topics).toEqual([
      '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      `0x${EVM_FROM.slice(2).toLowerCase().padStart(64, '0')}`,
      `0x${EVM_CLUB.slice(2).toLowerCase().padStart(64, '0')}`,
    ]);
    const finalized = async () =>
      Number.parseInt(
        ((await rpc('bsc', 'eth_getBlockByNumber', ['finalized', false])).result as { number: string }).number,
        16,
      );
    expect(await finalized()).toBeLessThan(Number(sent.body.blockNumber));
    await control('/api/mine', { network: 'BSC', blocks: 2 });
    expect(await finalized()).toBe(Number(sent.body.blockNumber));
  });

  it('a transfer sent with mine=false has no receipt until a block is mined', async () => {
    const sent = await control('/api/transfer', {
      network: 'ERC20',
      from: EVM_FROM,
      to: EVM_CLUB,
      amount: '1',
      mine: false,
    });
    expect(sent.body.blockNumber).toBeNull();
    expect((await rpc('ethereum', 'eth_getTransactionReceipt', [sent.body.hash])).result).toBeNull();
    await control('/api/mine', { network: 'ERC20', blocks: 1 });
    expect((await rpc('ethereum', 'eth_getTransactionReceipt', [sent.body.hash])).result).not.toBeNull();
  });

  it('a reorg replaces the last blocks: their transactions are gone, the height stays', async () => {
    const sent = await control('/api/transfer', { network: 'TRC20', from: TRON_FROM, to: TRON_CLUB, amount: '5' });
    const before = (await post('/tron/wallet/getnowblock', {})) as {
      blockID: string;
      block_header: { raw_data: { number: number } };
    };
    await control('/api/reorg', { network: 'TRC20', depth: 2 });
    const after = (await post('/tron/wallet/getnowblock', {})) as typeof before;
    expect(after.block_header.raw_data.number).toBe(before.block_header.raw_data.number);
    expect(after.blockID).not.toBe(before.blockID);
    expect(after.blockID.startsWith(after.block_header.raw_data.number.toString(16).padStart(16, '0'))).toBe(true);
    expect(await post('/tron/wallet/gettransactioninfobyid', { value: sent.body.hash })).toEqual({});
  });

  it('a failed transaction: status 0x0 with no logs on EVM, FAILED/REVERT on TRON', async () => {
    const evm = await control('/api/transfer', {
      network: 'ERC20',
      from: EVM_FROM,
      to: EVM_CLUB,
      amount: '1',
      failed: true,
    });
    expect((await rpc('ethereum', 'eth_getTransactionReceipt', [evm.body.hash])).result).toMatchObject({
      status: '0x0',
      logs: [],
    });
    const tron = await control('/api/transfer', {
      network: 'TRC20',
      from: TRON_FROM,
      to: TRON_CLUB,
      amount: '1',
      failed: true,
    });
    const info = (await post('/tron/wallet/gettransactioninfobyid', { value: tron.body.hash })) as Record<
      string,
      unknown
    >;
    expect(info).toMatchObject({ result: 'FAILED', receipt: { result: 'REVERT' } });
    expect(info.log).toBeUndefined();
  });

  it('fails the next calls as told: 429 with Retry-After, 503, a call that hangs', async () => {
    await control('/api/fail', { network: 'ERC20', mode: 'rate_limit', times: 2 });
    await control('/api/fail', { network: 'ERC20', mode: 'unavailable' });
    const call = () =>
      fetch(url('/ethereum'), {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
    const first = await call();
    expect([first.status, first.headers.get('retry-after')]).toEqual([429, '0']);
    expect((await call()).status).toBe(429);
    expect((await call()).status).toBe(503);
    expect((await call()).status).toBe(200);
    // Other networks are not affected.
    await control('/api/fail', { network: 'TRC20', mode: 'timeout' });
    expect((await rpc('bsc', 'eth_blockNumber', [])).result).toMatch(/^0x/);
    await expect(
      fetch(url('/tron/wallet/getnowblock'), { method: 'POST', signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect((await fetch(url('/tron/wallet/getnowblock'), { method: 'POST' })).status).toBe(200);
  });

  it('the TRC-20 list filters confirmed, incoming, by contract and time, and pages with a fingerprint', async () => {
    const other = 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB';
    await control('/api/transfer', { network: 'TRC20', from: other, to: TRON_CLUB, amount: '1' });
    await control('/api/transfer', { network: 'TRC20', from: other, to: TRON_CLUB, amount: '2' });
    await control('/api/transfer', { network: 'TRC20', from: TRON_CLUB, to: other, amount: '3' });
    await control('/api/transfer', { network: 'TRC20', from: other, to: TRON_CLUB, amount: '4', contract: TRON_CLUB });
    const list = async (query: string) =>
      (await (await fetch(url(`/tron/v1/accounts/${TRON_CLUB}/transactions/trc20?${query}`))).json()) as {
        data: { value: string }[];
        meta: { links?: { next: string } };
      };
    expect((await list('only_confirmed=true')).data).toEqual([]);
    expect((await list('only_unconfirmed=true')).data.map((item) => item.value)).toEqual([
      '4000000',
      '3000000',
      '2000000',
      '1000000',
    ]);
    await control('/api/mine', { network: 'TRC20', blocks: 18 });
    const usdt = 'contract_address=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(
      (await list(`only_confirmed=true&only_to=true&${usdt}&order_by=block_timestamp,asc`)).data.map((i) => i.value),
    ).toEqual(['1000000', '2000000']);
    const page = await list(`${usdt}&limit=1&order_by=block_timestamp,asc`);
    expect(page.data.map((i) => i.value)).toEqual(['1000000']);
    const next = (await (await fetch(page.meta.links!.next)).json()) as { data: { value: string }[] };
    expect(next.data.map((i) => i.value)).toEqual(['2000000']);
  });

  it('eth_getLogs filters by contract, topics (null is any) and block range', async () => {
    const a = await control('/api/transfer', { network: 'ERC20', from: EVM_FROM, to: EVM_CLUB, amount: '1' });
    await control('/api/transfer', { network: 'ERC20', from: EVM_CLUB, to: EVM_FROM, amount: '2' });
    await control('/api/transfer', { network: 'ERC20', from: EVM_FROM, to: EVM_CLUB, amount: '3', contract: EVM_FROM });
    const toClub = `0x${EVM_CLUB.slice(2).toLowerCase().padStart(64, '0')}`;
    const logs = (
      await rpc('ethereum', 'eth_getLogs', [
        {
          address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
          topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', null, toClub],
          fromBlock: `0x${Number(a.body.blockNumber).toString(16)}`,
          toBlock: 'latest',
        },
      ])
    ).result as { transactionHash: string }[];
    expect(logs.map((log) => log.transactionHash)).toEqual([a.body.hash]);
  });

  it('refuses what is not a valid request, with the reason', async () => {
    expect(
      await control('/api/transfer', {
        network: 'TRC20',
        from: TRON_FROM,
        to: 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZY',
        amount: '1',
      }),
    ).toEqual({
      status: 400,
      body: { Error: 'Not a TRC20 address: TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZY' },
    });
    expect(
      (await control('/api/transfer', { network: 'BSC', from: EVM_FROM, to: EVM_CLUB, amount: '1.5e3' })).status,
    ).toBe(400);
    expect((await control('/api/mine', { network: 'DOGE', blocks: 1 })).status).toBe(400);
    expect((await control('/api/reorg', { network: 'BSC', depth: 0 })).status).toBe(400);
  });
});

describe('the chain as a service of the local stack', () => {
  it('listens on the port the stack gives it and points the provider URLs at itself', async () => {
    const port = await freePort();
    const running = await chainService.start({ port, log: memoryLogger() });
    try {
      expect(running.url).toBe(`http://127.0.0.1:${port}`);
      expect(running.functionEnv?.({})).toEqual({
        TRONGRID_URL: `http://127.0.0.1:${port}/tron`,
        ERC20_RPC_URL: `http://127.0.0.1:${port}/ethereum`,
        BSC_RPC_URL: `http://127.0.0.1:${port}/bsc`,
      });
      expect((await (await fetch(`${running.url}/api/state`)).json()) as object).toHaveProperty(
        'TRC20.finalityDepth',
        19,
      );
    } finally {
      await running.stop();
    }
  });

  it('keeps a real provider and replaces local ones', () => {
    expect(
      chainFunctionEnv(
        { TRONGRID_URL: 'https://api.trongrid.io', ERC20_RPC_URL: 'http://localhost:8545', BSC_RPC_URL: '' },
        'http://127.0.0.1:1',
      ),
    ).toEqual({
      TRONGRID_URL: 'https://api.trongrid.io',
      ERC20_RPC_URL: 'http://127.0.0.1:1/ethereum',
      BSC_RPC_URL: 'http://127.0.0.1:1/bsc',
    });
  });
});
