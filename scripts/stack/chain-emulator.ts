// An in-memory USDT chain for each network (TRON, Ethereum, BNB Smart Chain) that tests and
// developers drive, answering the read endpoints the verifiers and the watcher use in the shapes the
// providers document (supabase/functions/_shared/chain/fixtures/, checked by
// tests/tooling/chain-emulator.test.ts). Web-standard (Request in, Response out) and free of
// dependencies beyond the shared encodings, so the Node service (chain.ts) and the Deno tests of the
// verifiers run the very same code.
//
// Read endpoints (per chain):
//   POST /tron/wallet/gettransactioninfobyid, /tron/walletsolidity/gettransactioninfobyid  {"value": id}
//   POST /tron/wallet/getnowblock, /tron/walletsolidity/getnowblock
//   GET  /tron/v1/accounts/{address}/transactions/trc20  (only_confirmed, only_unconfirmed, only_to,
//        only_from, contract_address, min_timestamp, max_timestamp, limit, order_by, fingerprint)
//   POST /ethereum, /bsc   JSON-RPC 2.0: eth_chainId, eth_blockNumber, eth_getBlockByNumber,
//        eth_getTransactionReceipt, eth_getLogs (single calls or a batch)
// Control API (JSON; network is TRC20, ERC20 or BSC):
//   POST   /api/transfer  {network, from, to, amount: "12.34" | units: "12340000", contract?, failed?, mine?}
//                         a USDT (or another contract's) Transfer; mined into a new block unless mine=false
//   POST   /api/mine      {network, blocks}        new empty blocks (and the pending transactions)
//   POST   /api/reorg     {network, depth}         replaces the last depth blocks with empty ones:
//                                                 their transactions are gone from the chain
//   POST   /api/fail      {network, mode: rate_limit | unavailable | timeout, times?}
//                                                 the next `times` read calls fail that way
//   POST   /api/finality  {network, depth}        confirmations that make a block final
//   GET    /api/state     heads, final blocks, contracts and depths;  DELETE /api/state: a fresh chain
import {
  base58CheckEncode,
  bytesToHex,
  hexToBytes,
  keccak256,
  sha256,
} from '../../supabase/functions/_shared/chain/encoding.ts';
import {
  isNetwork,
  isValidAddress,
  type Network,
  NETWORK_DEFINITIONS,
  parseUnits,
  TRANSFER_TOPIC,
  tronAddressToHex,
} from '../../supabase/functions/_shared/chain/networks.ts';

export type FailureMode = 'rate_limit' | 'unavailable' | 'timeout';

interface EmuLog {
  /** TRON: base58; EVM: lower-case 0x hex. */
  contract: string;
  from: string;
  to: string;
  amount: bigint;
}

interface EmuTx {
  hash: string;
  from: string;
  failed: boolean;
  logs: EmuLog[];
}

interface EmuBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** ms */
  timestamp: number;
  txs: EmuTx[];
}

interface ChainConfig {
  /** The path prefix of its read endpoints. */
  path: 'tron' | 'ethereum' | 'bsc';
  firstBlock: number;
  blockMs: number;
  /** Confirmations that make a block final: TRON's solidified head, the EVM `finalized` tag. */
  finalityDepth: number;
  chainId: string;
}

const CHAINS: Record<Network, ChainConfig> = {
  TRC20: { path: 'tron', firstBlock: 68_000_000, blockMs: 3000, finalityDepth: 19, chainId: '0x2b6653dc' },
  ERC20: { path: 'ethereum', firstBlock: 21_000_000, blockMs: 12_000, finalityDepth: 64, chainId: '0x1' },
  BSC: { path: 'bsc', firstBlock: 44_000_000, blockMs: 3000, finalityDepth: 3, chainId: '0x38' },
};

const ZERO_BLOOM = `0x${'00'.repeat(256)}`;
const START_TIME = Date.UTC(2026, 0, 1);

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json' } });

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const word = (value: string | bigint) =>
  (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '').toLowerCase()).padStart(64, '0');

class Chain {
  readonly network: Network;
  readonly config: ChainConfig;
  blocks: EmuBlock[] = [];
  pending: EmuTx[] = [];
  finalityDepth: number;
  failures: FailureMode[] = [];
  private seq = 0;

  constructor(network: Network) {
    this.network = network;
    this.config = CHAINS[network];
    this.finalityDepth = this.config.finalityDepth;
    // Enough history that the final block exists from the start.
    this.mine(this.finalityDepth + 1);
  }

  get tron() {
    return this.network === 'TRC20';
  }

  get head(): EmuBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** The newest final block: the solidified head on TRON, the `finalized` block on EVM chains. */
  get final(): EmuBlock {
    return this.blocks[Math.max(0, this.blocks.length - this.finalityDepth)]!;
  }

  block(number: number): EmuBlock | undefined {
    return this.blocks[number - this.config.firstBlock];
  }

  private digest(label: string): string {
    const text = `${this.network}:${label}:${++this.seq}`;
    return bytesToHex(this.tron ? sha256(text) : keccak256(text));
  }

  mine(count: number): void {
    for (let i = 0; i < count; i++) {
      const parent = this.blocks[this.blocks.length - 1];
      const number = parent ? parent.number + 1 : this.config.firstBlock;
      const digest = this.digest('block');
      // A TRON block id starts with its number (8 bytes), as the real ones do.
      const hash = this.tron ? number.toString(16).padStart(16, '0') + digest.slice(16) : `0x${digest}`;
      this.blocks.push({
        number,
        hash,
        parentHash: parent?.hash ?? (this.tron ? '0'.repeat(64) : `0x${'0'.repeat(64)}`),
        timestamp: START_TIME + (number - this.config.firstBlock) * this.config.blockMs,
        txs: this.pending,
      });
      this.pending = [];
    }
  }

  reorg(depth: number): void {
    if (depth < 1 || depth >= this.blocks.length - 1)
      throw new HttpError(400, `depth must be 1..${this.blocks.length - 2}`);
    this.blocks.splice(this.blocks.length - depth, depth);
    // The replacing blocks are empty; what was waiting to be mined still waits.
    const waiting = this.pending;
    this.pending = [];
    this.mine(depth);
    this.pending = waiting;
  }

  canonical(address: string): string {
    if (!isValidAddress(this.network, address)) throw new HttpError(400, `Not a ${this.network} address: ${address}`);
    return this.tron ? address : address.toLowerCase();
  }

  transfer(input: Record<string, unknown>): { hash: string; blockNumber: number | null; logIndex: number } {
    const decimals = NETWORK_DEFINITIONS[this.network].decimals;
    const amount =
      typeof input.units === 'string' && /^\d+$/.test(input.units)
        ? BigInt(input.units)
        : typeof input.amount === 'string'
          ? parseUnits(input.amount, decimals)
          : null;
    if (amount === null) throw new HttpError(400, 'amount (decimal text) or units (integer text) is required');
    const contract = this.canonical(
      typeof input.contract === 'string' ? input.contract : NETWORK_DEFINITIONS[this.network].usdtContract,
    );
    const from = this.canonical(String(input.from ?? ''));
    const digest = this.digest('tx');
    const tx: EmuTx = {
      hash: this.tron ? digest : `0x${digest}`,
      from,
      failed: input.failed === true,
      logs: input.failed === true ? [] : [{ contract, from, to: this.canonical(String(input.to ?? '')), amount }],
    };
    this.pending.push(tx);
    if (input.mine !== false) this.mine(1);
    const located = this.locate(tx.hash);
    return { hash: tx.hash, blockNumber: located?.block.number ?? null, logIndex: located ? located.firstLogIndex : 0 };
  }

  /** A mined transaction, its block, its position and the block-wide index of its first log. */
  locate(hash: string): { tx: EmuTx; block: EmuBlock; index: number; firstLogIndex: number } | null {
    const wanted = hash.toLowerCase();
    for (let b = this.blocks.length - 1; b >= 0; b--) {
      const block = this.blocks[b]!;
      let logIndex = 0;
      for (let index = 0; index < block.txs.length; index++) {
        const tx = block.txs[index]!;
        if (tx.hash === wanted) return { tx, block, index, firstLogIndex: logIndex };
        logIndex += tx.logs.length;
      }
    }
    return null;
  }

  state() {
    return {
      network: this.network,
      head: this.head.number,
      final: this.final.number,
      finalityDepth: this.finalityDepth,
      usdtContract: NETWORK_DEFINITIONS[this.network].usdtContract,
      pending: this.pending.length,
      failuresQueued: this.failures.length,
    };
  }

  // ---- TRON read endpoints ----

  private tronHex20(address: string): string {
    return tronAddressToHex(address).slice(2);
  }

  tronInfo(hash: string, solidOnly: boolean): unknown {
    const found = /^[0-9a-fA-F]{64}$/.test(hash) ? this.locate(hash) : null;
    if (!found || (solidOnly && found.block.number > this.final.number)) return {};
    const { tx, block } = found;
    const contract = tx.logs[0]?.contract ?? NETWORK_DEFINITIONS.TRC20.usdtContract;
    const info: Record<string, unknown> = {
      id: tx.hash,
      fee: 13_844_850,
      blockNumber: block.number,
      blockTimeStamp: block.timestamp,
      contractResult: [tx.failed ? '' : word(1n)],
      contract_address: tronAddressToHex(contract),
      receipt: {
        energy_fee: 13_499_850,
        energy_usage_total: 64_285,
        net_fee: 345_000,
        result: tx.failed ? 'REVERT' : 'SUCCESS',
        energy_penalty_total: 49_635,
      },
    };
    if (tx.failed) {
      info.result = 'FAILED';
      info.resMessage = bytesToHex(new TextEncoder().encode('REVERT opcode executed'));
    } else {
      info.log = tx.logs.map((log) => ({
        address: this.tronHex20(log.contract),
        topics: [TRANSFER_TOPIC, word(this.tronHex20(log.from)), word(this.tronHex20(log.to))],
        data: word(log.amount),
      }));
    }
    return info;
  }

  tronBlock(block: EmuBlock): unknown {
    return {
      blockID: block.hash,
      block_header: {
        raw_data: {
          number: block.number,
          txTrieRoot: sha256(block.hash).reduce((out, byte) => out + byte.toString(16).padStart(2, '0'), ''),
          witness_address: '41b4a428ab7092c2f1395f376ce297033b3bb446c1',
          parentHash: block.parentHash,
          version: 31,
          timestamp: block.timestamp,
        },
        witness_signature: `${bytesToHex(sha256(`sig:${block.hash}`))}${bytesToHex(sha256(`sig2:${block.hash}`))}00`,
      },
    };
  }

  trc20List(url: URL, address: string): unknown {
    const owner =
      address.startsWith('41') && /^[0-9a-fA-F]{42}$/.test(address) ? base58CheckEncode(hexToBytes(address)) : address;
    if (!isValidAddress('TRC20', owner)) throw new HttpError(400, `Invalid address: ${address}`);
    const flag = (name: string) => url.searchParams.get(name) === 'true';
    const contract = url.searchParams.get('contract_address');
    const min = Number(url.searchParams.get('min_timestamp') ?? 0);
    const max = Number(url.searchParams.get('max_timestamp') ?? Number.MAX_SAFE_INTEGER);
    const limit = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 20)));
    const ascending = (url.searchParams.get('order_by') ?? '').endsWith(',asc');
    const items: Record<string, unknown>[] = [];
    for (const block of this.blocks) {
      const confirmed = block.number <= this.final.number;
      if ((flag('only_confirmed') && !confirmed) || (flag('only_unconfirmed') && confirmed)) continue;
      if (block.timestamp < min || block.timestamp > max) continue;
      for (const tx of block.txs) {
        if (tx.failed) continue;
        for (const log of tx.logs) {
          if (log.to !== owner && log.from !== owner) continue;
          if (flag('only_to') && log.to !== owner) continue;
          if (flag('only_from') && log.from !== owner) continue;
          if (contract && log.contract !== contract) continue;
          const usdt = log.contract === NETWORK_DEFINITIONS.TRC20.usdtContract;
          items.push({
            transaction_id: tx.hash,
            token_info: {
              symbol: usdt ? 'USDT' : 'TKN',
              address: log.contract,
              decimals: 6,
              name: usdt ? 'Tether USD' : 'Test Token',
            },
            block_timestamp: block.timestamp,
            from: log.from,
            to: log.to,
            type: 'Transfer',
            value: log.amount.toString(),
          });
        }
      }
    }
    if (!ascending) items.reverse();
    const offset = Number(url.searchParams.get('fingerprint') ?? 0) || 0;
    const page = items.slice(offset, offset + limit);
    const meta: Record<string, unknown> = { at: this.head.timestamp, page_size: page.length };
    if (offset + limit < items.length) {
      const next = new URL(url);
      next.searchParams.set('fingerprint', String(offset + limit));
      meta.fingerprint = String(offset + limit);
      meta.links = { next: next.toString() };
    }
    return { data: page, success: true, meta };
  }

  // ---- EVM JSON-RPC ----

  private blockByTag(tag: unknown): EmuBlock | undefined {
    if (tag === 'latest' || tag === 'pending') return this.head;
    if (tag === 'finalized' || tag === 'safe') return this.final;
    if (tag === 'earliest') return this.blocks[0];
    if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) return this.block(Number.parseInt(tag, 16));
    throw new RpcError(-32602, `invalid block tag: ${String(tag)}`);
  }

  private rpcLogs(block: EmuBlock, tx: EmuTx, index: number, firstLogIndex: number) {
    return tx.logs.map((log, i) => ({
      address: log.contract,
      topics: [`0x${TRANSFER_TOPIC}`, `0x${word(log.from)}`, `0x${word(log.to)}`],
      data: `0x${word(log.amount)}`,
      blockNumber: hex(block.number),
      transactionHash: tx.hash,
      transactionIndex: hex(index),
      blockHash: block.hash,
      logIndex: hex(firstLogIndex + i),
      removed: false,
    }));
  }

  private rpcBlock(block: EmuBlock) {
    return {
      baseFeePerGas: '0x3b9aca00',
      difficulty: '0x0',
      extraData: '0x',
      gasLimit: '0x1c9c380',
      gasUsed: hex(block.txs.length * 41_207),
      hash: block.hash,
      logsBloom: ZERO_BLOOM,
      miner: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
      mixHash: `0x${bytesToHex(keccak256(`mix:${block.hash}`))}`,
      nonce: '0x0000000000000000',
      number: hex(block.number),
      parentHash: block.parentHash,
      receiptsRoot: `0x${bytesToHex(keccak256(`receipts:${block.hash}`))}`,
      sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
      size: hex(600 + block.txs.length * 180),
      stateRoot: `0x${bytesToHex(keccak256(`state:${block.hash}`))}`,
      timestamp: hex(Math.floor(block.timestamp / 1000)),
      totalDifficulty: '0xc70d815d562d3cfa955',
      transactions: block.txs.map((tx) => tx.hash),
      transactionsRoot: `0x${bytesToHex(keccak256(`txs:${block.hash}`))}`,
      uncles: [],
      withdrawals: [],
      withdrawalsRoot: `0x${bytesToHex(keccak256(`withdrawals:${block.hash}`))}`,
    };
  }

  rpc(method: string, params: unknown[]): unknown {
    switch (method) {
      case 'eth_chainId':
        return this.config.chainId;
      case 'eth_blockNumber':
        return hex(this.head.number);
      case 'eth_getBlockByNumber': {
        const block = this.blockByTag(params[0]);
        return block ? this.rpcBlock(block) : null;
      }
      case 'eth_getTransactionReceipt': {
        const found = typeof params[0] === 'string' ? this.locate(params[0]) : null;
        if (!found) return null;
        const { tx, block, index, firstLogIndex } = found;
        const contract = tx.logs[0]?.contract ?? NETWORK_DEFINITIONS[this.network].usdtContract.toLowerCase();
        return {
          blockHash: block.hash,
          blockNumber: hex(block.number),
          contractAddress: null,
          cumulativeGasUsed: hex((index + 1) * 41_207),
          effectiveGasPrice: '0x3b9aca0e',
          from: tx.from,
          gasUsed: hex(41_207),
          logs: this.rpcLogs(block, tx, index, firstLogIndex),
          logsBloom: ZERO_BLOOM,
          status: tx.failed ? '0x0' : '0x1',
          to: contract,
          transactionHash: tx.hash,
          transactionIndex: hex(index),
          type: '0x2',
        };
      }
      case 'eth_getLogs': {
        const filter = (params[0] ?? {}) as Record<string, unknown>;
        // A number is a bound whether or not such a block exists (0x0 means from the start).
        const bound = (tag: unknown) =>
          typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)
            ? Number.parseInt(tag, 16)
            : this.blockByTag(tag)!.number;
        const from = bound(filter.fromBlock ?? 'latest');
        const to = bound(filter.toBlock ?? 'latest');
        const addresses = ([] as unknown[]).concat(filter.address ?? []).map((a) => String(a).toLowerCase());
        const topics = (Array.isArray(filter.topics) ? filter.topics : []) as (string | string[] | null)[];
        const logs: unknown[] = [];
        for (const block of this.blocks) {
          if (block.number < from || block.number > to) continue;
          let firstLogIndex = 0;
          block.txs.forEach((tx, index) => {
            for (const log of this.rpcLogs(block, tx, index, firstLogIndex)) {
              if (addresses.length > 0 && !addresses.includes(log.address)) continue;
              const matches = topics.every((wanted, i) => {
                if (wanted === null || wanted === undefined) return true;
                const options = ([] as string[]).concat(wanted).map((t) => t.toLowerCase());
                return options.includes(log.topics[i] ?? '');
              });
              if (matches) logs.push(log);
            }
            firstLogIndex += tx.logs.length;
          });
        }
        return logs;
      }
      default:
        throw new RpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ChainEmulatorOptions {
  /** How long a 'timeout' failure holds a call before answering 504 (if the caller has not given up). */
  hangMs?: number;
}

export class ChainEmulator {
  private chains = new Map<Network, Chain>();

  constructor(private readonly options: ChainEmulatorOptions = {}) {
    this.reset();
  }

  reset(): void {
    for (const network of Object.keys(CHAINS) as Network[]) this.chains.set(network, new Chain(network));
  }

  chain(network: Network): Chain {
    return this.chains.get(network)!;
  }

  /** `fetch` served by the emulator itself, for tests that run no server (Deno tests of the verifiers). */
  readonly fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    this.handle(new Request(input, init));

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      if (url.pathname.startsWith('/api/')) return await this.control(request, url);
      const chain = [...this.chains.values()].find(
        (c) => url.pathname === `/${c.config.path}` || url.pathname.startsWith(`/${c.config.path}/`),
      );
      if (!chain) throw new HttpError(404, `The chain emulator does not serve ${request.method} ${url.pathname}`);
      const failure = chain.failures.shift();
      if (failure) return await this.fail(failure, request);
      const rest = url.pathname.slice(chain.config.path.length + 1);
      return chain.tron ? await this.tronRead(chain, request, url, rest) : await this.evmRead(chain, request);
    } catch (error) {
      if (error instanceof HttpError) return json(error.status, { Error: error.message });
      // The caller gave up (a 'timeout' failure): its fetch rejects, as a real one would.
      if (request.signal.aborted) throw error;
      return json(400, { Error: (error as Error).message });
    }
  }

  private async fail(mode: FailureMode, request: Request): Promise<Response> {
    if (mode === 'rate_limit') {
      return json(
        429,
        { Error: 'request rate exceeded the allowed_rps(15), and the query server is suspended for 0s' },
        { 'Retry-After': '0' },
      );
    }
    if (mode === 'unavailable') return json(503, { Error: 'Service Unavailable' });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, this.options.hangMs ?? 30_000);
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(request.signal.reason ?? new DOMException('aborted', 'AbortError'));
      });
    });
    return json(504, { Error: 'Gateway Timeout' });
  }

  private async tronRead(chain: Chain, request: Request, url: URL, rest: string): Promise<Response> {
    const trc20 = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(rest);
    if (request.method === 'GET' && trc20) return json(200, chain.trc20List(url, decodeURIComponent(trc20[1]!)));
    if (request.method !== 'POST' && request.method !== 'GET') throw new HttpError(405, 'method not allowed');
    const body = request.method === 'POST' ? await request.text() : '';
    const params = body ? (JSON.parse(body) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
    switch (rest) {
      case '/wallet/gettransactioninfobyid':
        return json(200, chain.tronInfo(String(params.value ?? ''), false));
      case '/walletsolidity/gettransactioninfobyid':
        return json(200, chain.tronInfo(String(params.value ?? ''), true));
      case '/wallet/getnowblock':
        return json(200, chain.tronBlock(chain.head));
      case '/walletsolidity/getnowblock':
        return json(200, chain.tronBlock(chain.final));
      default:
        throw new HttpError(404, `The TRON emulation does not serve ${rest}`);
    }
  }

  private async evmRead(chain: Chain, request: Request): Promise<Response> {
    if (request.method !== 'POST') throw new HttpError(405, 'JSON-RPC takes POST');
    let payload: unknown;
    try {
      payload = JSON.parse(await request.text());
    } catch {
      return json(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    }
    const answer = (call: unknown) => {
      const { id = null, method, params = [] } = (call ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
      try {
        if (typeof method !== 'string' || !Array.isArray(params)) throw new RpcError(-32600, 'invalid request');
        return { jsonrpc: '2.0', id, result: chain.rpc(method, params) };
      } catch (error) {
        if (error instanceof RpcError)
          return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
        throw error;
      }
    };
    return json(200, Array.isArray(payload) ? payload.map(answer) : answer(payload));
  }

  private async control(request: Request, url: URL): Promise<Response> {
    if (url.pathname === '/api/state') {
      if (request.method === 'DELETE') {
        this.reset();
        return json(200, 'ok');
      }
      return json(200, Object.fromEntries([...this.chains].map(([network, chain]) => [network, chain.state()])));
    }
    if (request.method !== 'POST') throw new HttpError(405, `${request.method} ${url.pathname} is not served`);
    const body = (await request.json()) as Record<string, unknown>;
    if (!isNetwork(body.network)) throw new HttpError(400, 'network must be TRC20, ERC20 or BSC');
    const chain = this.chain(body.network);
    const count = (name: string, fallback: number) => {
      const value = body[name] ?? fallback;
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 10_000) {
        throw new HttpError(400, `${name} must be an integer from 1 to 10000`);
      }
      return value as number;
    };
    switch (url.pathname) {
      case '/api/transfer':
        return json(201, { network: chain.network, ...chain.transfer(body) });
      case '/api/mine':
        chain.mine(count('blocks', 1));
        return json(200, chain.state());
      case '/api/reorg':
        chain.reorg(count('depth', 1));
        return json(200, chain.state());
      case '/api/fail': {
        const mode = body.mode;
        if (mode !== 'rate_limit' && mode !== 'unavailable' && mode !== 'timeout') {
          throw new HttpError(400, 'mode must be rate_limit, unavailable or timeout');
        }
        for (let i = count('times', 1); i > 0; i--) chain.failures.push(mode);
        return json(200, chain.state());
      }
      case '/api/finality':
        chain.finalityDepth = count('depth', chain.finalityDepth);
        return json(200, chain.state());
      default:
        throw new HttpError(404, `The chain emulator does not serve ${url.pathname}`);
    }
  }
}
