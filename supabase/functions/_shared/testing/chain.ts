// The local chain emulator for the verifiers' Deno tests: the very code the stack serves
// (scripts/stack/chain-emulator.ts), called in-process through its fetch, with a control helper.
import { ChainEmulator } from '../../../../scripts/stack/chain-emulator.ts';
import type { Network } from '../chain/networks.ts';
import type { ProviderOptions } from '../chain/verifier.ts';

export const CHAIN_ORIGIN = 'http://chain.test';

export interface TestChain {
  emulator: ChainEmulator;
  /** Provider options that reach the emulator, never wait between retries and count the waits. */
  options: ProviderOptions & { waits: number[] };
  send(
    network: Network,
    body: Record<string, unknown>,
  ): Promise<{ hash: string; blockNumber: number; logIndex: number }>;
  mine(network: Network, blocks: number): Promise<void>;
  reorg(network: Network, depth: number): Promise<void>;
  fail(network: Network, mode: 'rate_limit' | 'unavailable' | 'timeout', times?: number): Promise<void>;
}

export function testChain(): TestChain {
  const emulator = new ChainEmulator({ hangMs: 5000 });
  const waits: number[] = [];
  const control = async (path: string, body: unknown) => {
    const response = await emulator.fetch(`${CHAIN_ORIGIN}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer;
  };
  return {
    emulator,
    options: {
      fetch: emulator.fetch,
      timeoutMs: 150,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      waits,
    },
    send: (network, body) => control('/api/transfer', { network, ...body }),
    mine: async (network, blocks) => void (await control('/api/mine', { network, blocks })),
    reorg: async (network, depth) => void (await control('/api/reorg', { network, depth })),
    fail: async (network, mode, times = 1) => void (await control('/api/fail', { network, mode, times })),
  };
}

/** A fetch that answers from a table of documented responses (fixtures), by URL path or JSON-RPC method. */
export function fixtureFetch(answer: (key: string, params: unknown) => unknown): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve().then(() => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      const key = typeof body.method === 'string' ? body.method : url.pathname;
      return new Response(JSON.stringify(answer(key, body.method ? body.params : body)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    })) as typeof fetch;
}

export const readFixture = (name: string): unknown =>
  JSON.parse(Deno.readTextFileSync(new URL(`../chain/fixtures/${name}`, import.meta.url)));
