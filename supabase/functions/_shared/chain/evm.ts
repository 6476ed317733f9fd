// The ERC20 and BSC verifier and watcher, over Ethereum JSON-RPC (any node or provider URL):
//   eth_getTransactionReceipt [hash]                 status, block and logs (null: unknown or dropped)
//   eth_blockNumber []                               the head
//   eth_getBlockByNumber ["finalized" | n, false]     the finalized block; the transfer's block (time, hash)
//   eth_getLogs [{address, topics, fromBlock, toBlock}]   the watcher's incoming Transfer logs
// A transfer is final once its block is at or below the `finalized` tag, or after a configured
// depth. Logs flagged `removed` (a reorg) never count; a receipt whose block hash is no longer the
// chain's block at that height is treated as not found. Shapes: fixtures/evm-*.json.
import {
  type FinalityRule,
  isValidTxHash,
  type Network,
  normalizeTxHash,
  sameAddress,
  toChecksumAddress,
  TRANSFER_TOPIC,
} from './networks.ts';
import {
  type ChainTransfer,
  defaultContract,
  type ExpectedTransfer,
  type IncomingPage,
  judgeTransfers,
  type ProviderOptions,
  ProviderError,
  requestJson,
  requiredConfirmations,
  retryable,
  type RetryReason,
  type TransferVerifier,
  type TransferWatcher,
  type VerifyResult,
} from './verifier.ts';

export interface EvmSettings {
  network: Extract<Network, 'ERC20' | 'BSC'>;
  /** The node's JSON-RPC URL (a function secret: provider URLs carry keys). */
  rpcUrl: string;
  contract?: string;
  finality?: FinalityRule;
  /** The watcher reads at most this many blocks per call (providers cap eth_getLogs ranges). */
  maxLogRange?: number;
}

interface RpcLog {
  address?: string;
  topics?: string[];
  data?: string;
  blockNumber?: string;
  blockHash?: string;
  transactionHash?: string;
  logIndex?: string;
  removed?: boolean;
}

interface RpcReceipt {
  status?: string;
  blockNumber?: string;
  blockHash?: string;
  logs?: RpcLog[];
}

interface RpcBlock {
  number?: string;
  hash?: string;
  timestamp?: string;
}

const TOPIC0 = `0x${TRANSFER_TOPIC}`;
const quantity = (hex: string | undefined, what: string): number => {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hex))
    throw new ProviderError('bad_response', `${what} is not a quantity`);
  return Number.parseInt(hex, 16);
};
const toHex = (n: number) => `0x${n.toString(16)}`;

export function evmClient(settings: EvmSettings, options: ProviderOptions = {}) {
  const network = settings.network;
  const contract = settings.contract ?? defaultContract(network);
  const finality = settings.finality ?? { kind: 'finalized' };
  const maxLogRange = settings.maxLogRange ?? 2000;
  const same = (a: string, b: string) => sameAddress(network, a, b);
  let nextId = 1;

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const body = (await requestJson(
      settings.rpcUrl,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      },
      options,
    )) as { result?: T; error?: { code?: number; message?: string } };
    if (body.error) {
      // -32005: "limit exceeded" (EIP-1474), what providers send when they throttle over JSON-RPC.
      const limited = body.error.code === -32005 || /rate|limit/i.test(body.error.message ?? '');
      throw new ProviderError(limited ? 'rate_limited' : 'bad_response', `${method}: ${body.error.message ?? 'error'}`);
    }
    if (!('result' in body)) throw new ProviderError('bad_response', `${method}: no result`);
    return body.result as T;
  }

  function transferOf(log: RpcLog, blockTime: string): ChainTransfer | null {
    const topics = log.topics ?? [];
    if (log.removed === true) return null;
    if ((log.address ?? '').toLowerCase() !== contract.toLowerCase()) return null;
    if (topics.length !== 3 || topics[0]!.toLowerCase() !== TOPIC0) return null;
    if (!/^0x[0-9a-fA-F]{1,64}$/.test(log.data ?? '')) return null;
    return {
      network,
      hash: (log.transactionHash ?? '').toLowerCase(),
      logIndex: quantity(log.logIndex, 'logIndex'),
      contract,
      from: toChecksumAddress(`0x${topics[1]!.slice(-40)}`),
      to: toChecksumAddress(`0x${topics[2]!.slice(-40)}`),
      amount: BigInt(log.data!),
      blockNumber: quantity(log.blockNumber, 'blockNumber'),
      blockTime,
    };
  }

  /** The head and the last final block number. */
  async function heights(): Promise<{ head: number; final: number }> {
    const head = quantity(await rpc<string>('eth_blockNumber', []), 'eth_blockNumber');
    if (finality.kind === 'depth') return { head, final: head - finality.confirmations + 1 };
    const finalized = await rpc<RpcBlock | null>('eth_getBlockByNumber', ['finalized', false]);
    if (!finalized) throw new ProviderError('bad_response', 'the node has no finalized block');
    return { head, final: quantity(finalized.number, 'finalized number') };
  }

  async function verify(expected: ExpectedTransfer): Promise<VerifyResult> {
    if (!isValidTxHash(network, expected.hash.trim())) return { status: 'invalid_hash' };
    const hash = normalizeTxHash(network, expected.hash);
    try {
      const receipt = await rpc<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (!receipt) return { status: 'not_found' };
      if (receipt.status !== '0x1') return { status: 'failed', reason: 'reverted' };
      const blockNumber = quantity(receipt.blockNumber, 'blockNumber');
      const block = await rpc<RpcBlock | null>('eth_getBlockByNumber', [toHex(blockNumber), false]);
      // The receipt's block was replaced by a reorg between the two calls (or the node is behind).
      if (!block || block.hash?.toLowerCase() !== receipt.blockHash?.toLowerCase()) return { status: 'not_found' };
      const blockTime = new Date(quantity(block.timestamp, 'timestamp') * 1000).toISOString();
      const transfers = (receipt.logs ?? []).flatMap(
        (log) => transferOf({ ...log, transactionHash: hash }, blockTime) ?? [],
      );
      const verdict = judgeTransfers(expected, transfers, same);
      if ('status' in verdict) return verdict;
      const { head, final } = await heights();
      const confirmations = Math.max(0, head - blockNumber + 1);
      const required = requiredConfirmations(finality, head, final);
      if (blockNumber > final) {
        return {
          status: 'not_final',
          confirmations: Math.min(confirmations, required - 1),
          required,
          transfer: verdict,
        };
      }
      return { status: 'ok', confirmations, transfer: verdict };
    } catch (error) {
      return retryable(error);
    }
  }

  /**
   * Final USDT Transfer logs to `address` in the blocks after the cursor (the last block read), at
   * most maxLogRange blocks a call. A null cursor starts maxLogRange blocks below the final block.
   */
  async function incoming(
    address: string,
    cursor: string | null,
  ): Promise<IncomingPage | { status: 'retryable'; reason: RetryReason; detail: string }> {
    try {
      const { final } = await heights();
      const from = cursor === null ? Math.max(0, final - maxLogRange + 1) : Number(cursor) + 1;
      if (from > final) return { transfers: [], cursor };
      const to = Math.min(final, from + maxLogRange - 1);
      const recipient = `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
      const logs = await rpc<RpcLog[]>('eth_getLogs', [
        {
          address: contract.toLowerCase(),
          topics: [TOPIC0, null, recipient],
          fromBlock: toHex(from),
          toBlock: toHex(to),
        },
      ]);
      const times = new Map<number, string>();
      const transfers: ChainTransfer[] = [];
      for (const log of logs) {
        const number = quantity(log.blockNumber, 'blockNumber');
        if (!times.has(number)) {
          const block = await rpc<RpcBlock | null>('eth_getBlockByNumber', [toHex(number), false]);
          times.set(number, new Date(quantity(block?.timestamp, 'timestamp') * 1000).toISOString());
        }
        const transfer = transferOf(log, times.get(number)!);
        if (transfer && same(transfer.to, address)) transfers.push(transfer);
      }
      transfers.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
      return { transfers, cursor: String(to) };
    } catch (error) {
      const result = retryable(error);
      if (result.status === 'retryable') return result;
      throw error;
    }
  }

  const client: TransferVerifier & TransferWatcher = { verify, incoming };
  return client;
}
