// The TRC20 verifier and watcher, over TronGrid's HTTP API (or any TRON full node's):
//   POST /wallet/gettransactioninfobyid {"value": id}   the transaction's result, block and event logs
//   POST /wallet/getnowblock, /walletsolidity/getnowblock   the head and the solidified head
//   GET  /v1/accounts/{address}/transactions/trc20?only_confirmed=true&only_to=true&contract_address=…
//                                                        the watcher's list of confirmed incoming transfers
// A transfer is final once its block is solidified (at or below the solidity node's head, about 19
// blocks behind the head), or after a configured depth. The response shapes are those of
// fixtures/tron-*.json, written from the documentation.
import {
  type FinalityRule,
  isValidTxHash,
  normalizeTxHash,
  sameAddress,
  TRANSFER_TOPIC,
  tronAddressToHex,
  tronHexToAddress,
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

export interface TronSettings {
  /** e.g. https://api.trongrid.io, or the local chain's /tron. */
  apiUrl: string;
  /** TronGrid's key, sent as TRON-PRO-API-KEY (a function secret). */
  apiKey?: string;
  /** The USDT contract; mainnet's when absent. */
  contract?: string;
  finality?: FinalityRule;
}

interface TronLog {
  address?: string;
  topics?: string[];
  data?: string;
}

interface TronTransactionInfo {
  id?: string;
  blockNumber?: number;
  blockTimeStamp?: number;
  result?: string;
  resMessage?: string;
  receipt?: { result?: string };
  log?: TronLog[];
}

interface TronBlock {
  block_header?: { raw_data?: { number?: number } };
}

interface Trc20Item {
  transaction_id: string;
  token_info?: { address?: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

interface Trc20Page {
  data?: Trc20Item[];
  success?: boolean;
  meta?: { fingerprint?: string; links?: { next?: string } };
}

const MAX_PAGES = 10;

function hexText(hex: string | undefined): string {
  if (!hex || !/^([0-9a-fA-F]{2})+$/.test(hex)) return hex ?? '';
  return new TextDecoder().decode(new Uint8Array(hex.match(/../g)!.map((pair) => parseInt(pair, 16))));
}

export function tronClient(settings: TronSettings, options: ProviderOptions = {}) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const contract = settings.contract ?? defaultContract('TRC20');
  const contractHex = tronAddressToHex(contract).slice(2);
  const finality = settings.finality ?? { kind: 'solidified' };
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (settings.apiKey) headers['TRON-PRO-API-KEY'] = settings.apiKey;
  const post = (path: string, body: unknown) =>
    requestJson(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, options);
  const same = (a: string, b: string) => sameAddress('TRC20', a, b);

  async function blockNumber(path: string): Promise<number> {
    const block = (await post(path, {})) as TronBlock;
    const number = block.block_header?.raw_data?.number;
    if (typeof number !== 'number') throw new ProviderError('bad_response', `${path} gave no block number`);
    return number;
  }

  /** The USDT Transfer logs of a transaction info (any recipient). */
  function transfersOf(hash: string, info: TronTransactionInfo): ChainTransfer[] {
    const transfers: ChainTransfer[] = [];
    (info.log ?? []).forEach((log, index) => {
      const topics = log.topics ?? [];
      // The node gives a log's address as 20 bytes of hex (41-prefixed only with visible=false
      // on some versions); either way the last 40 digits are the contract.
      const logAddress = (log.address ?? '').toLowerCase();
      if (!/^(41)?[0-9a-f]{40}$/.test(logAddress) || logAddress.slice(-40) !== contractHex) return;
      if (topics.length !== 3 || topics[0]!.toLowerCase() !== TRANSFER_TOPIC) return;
      if (!/^[0-9a-fA-F]{1,64}$/.test(log.data ?? '')) return;
      transfers.push({
        network: 'TRC20',
        hash,
        logIndex: index,
        contract,
        from: tronHexToAddress(topics[1]!.slice(-40)),
        to: tronHexToAddress(topics[2]!.slice(-40)),
        amount: BigInt(`0x${log.data}`),
        blockNumber: info.blockNumber ?? 0,
        blockTime: new Date(info.blockTimeStamp ?? 0).toISOString(),
      });
    });
    return transfers;
  }

  async function transactionInfo(path: string, hash: string): Promise<TronTransactionInfo | null> {
    const info = (await post(path, { value: hash })) as TronTransactionInfo;
    return info && typeof info === 'object' && typeof info.id === 'string' ? info : null;
  }

  async function verify(expected: ExpectedTransfer): Promise<VerifyResult> {
    if (!isValidTxHash('TRC20', expected.hash.trim())) return { status: 'invalid_hash' };
    const hash = normalizeTxHash('TRC20', expected.hash);
    try {
      const info = await transactionInfo('/wallet/gettransactioninfobyid', hash);
      if (!info || typeof info.blockNumber !== 'number') return { status: 'not_found' };
      const receiptResult = info.receipt?.result;
      if (info.result === 'FAILED' || (receiptResult !== undefined && receiptResult !== 'SUCCESS')) {
        return { status: 'failed', reason: receiptResult ?? hexText(info.resMessage) };
      }
      const verdict = judgeTransfers(expected, transfersOf(hash, info), same);
      if ('status' in verdict) return verdict;
      const head = await blockNumber('/wallet/getnowblock');
      const solid = await blockNumber('/walletsolidity/getnowblock');
      const confirmations = Math.max(0, head - verdict.blockNumber + 1);
      const required = requiredConfirmations(finality, head, solid);
      const final = finality.kind === 'depth' ? confirmations >= finality.confirmations : verdict.blockNumber <= solid;
      if (!final)
        return {
          status: 'not_final',
          confirmations: Math.min(confirmations, required - 1),
          required,
          transfer: verdict,
        };
      return { status: 'ok', confirmations, transfer: verdict };
    } catch (error) {
      return retryable(error);
    }
  }

  /**
   * Confirmed USDT transfers to `address` since the cursor (the block time in ms of the newest one
   * seen): TronGrid's list gives neither the block nor the log index, so each transaction is read
   * from the solidity node, which also proves it final. Idempotent: the same transfer may come back
   * at the cursor's edge; (network, hash, log index) is unique where it is stored.
   */
  async function incoming(
    address: string,
    cursor: string | null,
  ): Promise<IncomingPage | { status: 'retryable'; reason: RetryReason; detail: string }> {
    try {
      const query = new URLSearchParams({
        only_confirmed: 'true',
        only_to: 'true',
        contract_address: contract,
        limit: '200',
        order_by: 'block_timestamp,asc',
      });
      if (cursor) query.set('min_timestamp', cursor);
      let url: string | undefined = `${base}/v1/accounts/${address}/transactions/trc20?${query}`;
      const items: Trc20Item[] = [];
      for (let page = 0; url && page < MAX_PAGES; page++) {
        const body = (await requestJson(url, { method: 'GET', headers }, options)) as Trc20Page;
        if (!Array.isArray(body.data)) throw new ProviderError('bad_response', 'the TRC-20 list has no data');
        items.push(...body.data);
        url = body.meta?.links?.next;
      }
      const transfers: ChainTransfer[] = [];
      let newest = cursor === null ? 0 : Number(cursor);
      for (const hash of [
        ...new Set(items.filter((item) => item.type === 'Transfer').map((item) => item.transaction_id)),
      ]) {
        const info = await transactionInfo('/walletsolidity/gettransactioninfobyid', hash);
        if (!info) continue;
        if (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS') continue;
        for (const transfer of transfersOf(hash, info)) if (same(transfer.to, address)) transfers.push(transfer);
        newest = Math.max(newest, info.blockTimeStamp ?? 0);
      }
      transfers.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
      return { transfers, cursor: newest > 0 ? String(newest) : cursor };
    } catch (error) {
      const result = retryable(error);
      if (result.status === 'retryable') return result;
      throw error;
    }
  }

  const client: TransferVerifier & TransferWatcher = { verify, incoming };
  return client;
}
