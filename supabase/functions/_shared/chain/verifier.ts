// One interface for checking a USDT transfer on any network (issue 37 §2, §3): given the hash a
// member (or an admin) pasted, the address the money must have reached, the amount due and the USDT
// contract, a network's verifier answers what the chain says. One module per network family
// implements it (tron.ts, evm.ts); verifierFor() picks it. The verifiers only read: deciding what an
// answer means for an order or a withdrawal is the database's job (one confirm function).
import { type FinalityRule, type Network, NETWORK_DEFINITIONS } from './networks.ts';

export interface ExpectedTransfer {
  network: Network;
  /** The transaction hash as pasted (validated and normalised by the verifier). */
  hash: string;
  /** The address the USDT must have reached: the club's for a payment, the member's for a withdrawal. */
  to: string;
  /** The amount due in the token's smallest unit (parseUnits(price, decimals)). */
  amount: bigint;
  /** 'at-least' for payments (overpaying is fine; less is underpaid), 'exact' for withdrawals. */
  amountRule?: 'at-least' | 'exact';
  /** Withdrawals: the transfer must come from one of these (the club's addresses). */
  from?: readonly string[];
  /** The USDT contract; the network's mainnet contract when absent. */
  contract?: string;
}

/** A Transfer log of the USDT contract, decoded. Amount in the smallest unit. */
export interface ChainTransfer {
  network: Network;
  hash: string;
  /** TRON: the log's position in the transaction; EVM: the log's index in the block. */
  logIndex: number;
  contract: string;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: number;
  /** ISO time of the block. */
  blockTime: string;
}

export type RetryReason = 'timeout' | 'rate_limited' | 'unavailable' | 'bad_response';

export type VerifyResult =
  /** The hash is not well formed for the network (nothing was asked). */
  | { status: 'invalid_hash' }
  /** No such transaction (yet, or any more: a reorg removed it). */
  | { status: 'not_found' }
  /** The transaction is on chain but failed (reverted, out of energy). */
  | { status: 'failed'; reason: string }
  /** It succeeded, but moved no USDT of this contract. */
  | { status: 'not_usdt_transfer' }
  /** USDT moved, to other addresses only. */
  | { status: 'wrong_recipient'; recipients: string[] }
  /** Withdrawals: the USDT to the member came from an address that is not the club's. */
  | { status: 'wrong_sender'; transfer: ChainTransfer }
  /** Less than due (at-least), or not exactly what is due (exact). */
  | { status: 'short_amount' | 'wrong_amount'; expected: bigint; transfer: ChainTransfer }
  /** Everything matches, but the block is not final yet: `confirmations` of `required`. */
  | { status: 'not_final'; confirmations: number; required: number; transfer: ChainTransfer }
  | { status: 'ok'; confirmations: number; transfer: ChainTransfer }
  /** The provider could not answer (after the retries): ask again later, nothing is decided. */
  | { status: 'retryable'; reason: RetryReason; detail: string };

export interface TransferVerifier {
  verify(expected: ExpectedTransfer): Promise<VerifyResult>;
}

/** An incoming transfer the watcher found, with the cursor to continue from. */
export interface IncomingPage {
  transfers: ChainTransfer[];
  /** Opaque; store it per network and pass it back (null: start from the beginning). */
  cursor: string | null;
}

export interface TransferWatcher {
  /** Final USDT transfers to `address` after `cursor`, oldest first. */
  incoming(
    address: string,
    cursor: string | null,
  ): Promise<IncomingPage | { status: 'retryable'; reason: RetryReason; detail: string }>;
}

/** How a provider call is made: injected, so tests answer from fixtures or from the local chain. */
export interface ProviderOptions {
  fetch?: typeof fetch;
  /** Per request; default 8 s. */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error; default 2. */
  retries?: number;
  /** First back-off; doubled each retry, or the provider's Retry-After when it sends one (capped at 10 s). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export class ProviderError extends Error {
  constructor(
    readonly reason: RetryReason,
    message: string,
  ) {
    super(message);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A JSON request with a timeout and back-off: a 429 or a 5xx, a timeout or a network error is tried
 * again `retries` times, then thrown as a ProviderError (retryable). Other statuses and bodies that
 * are not JSON throw a ProviderError('bad_response') at once. Never logs the URL (it can hold a key).
 */
export async function requestJson(url: string, init: RequestInit, options: ProviderOptions = {}): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const retries = options.retries ?? 2;
  const sleep = options.sleep ?? defaultSleep;
  let delay = options.backoffMs ?? 500;
  let last: ProviderError = new ProviderError('unavailable', 'not asked');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      await sleep(delay);
      delay *= 2;
    }
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 8000) });
    } catch (error) {
      const name = (error as Error).name;
      last =
        name === 'TimeoutError' || name === 'AbortError'
          ? new ProviderError('timeout', 'the provider did not answer in time')
          : new ProviderError('unavailable', `the provider could not be reached (${name})`);
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      last = new ProviderError(
        response.status === 429 ? 'rate_limited' : 'unavailable',
        `the provider answered ${response.status}`,
      );
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0)
        delay = Math.min(retryAfter * 1000, 10_000);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError('bad_response', `the provider answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch {
      throw new ProviderError('bad_response', 'the provider answered with something that is not JSON');
    }
  }
  throw last;
}

/** Confirmations required by a rule, given how far behind the head the final block is. */
export function requiredConfirmations(rule: FinalityRule, head: number, finalHead: number): number {
  return rule.kind === 'depth' ? rule.confirmations : Math.max(1, head - finalHead + 1);
}

/** The verdict once the transfer itself is known (shared by every network). */
export function judgeTransfers(
  expected: ExpectedTransfer,
  transfers: ChainTransfer[],
  same: (a: string, b: string) => boolean,
): VerifyResult | ChainTransfer {
  if (transfers.length === 0) return { status: 'not_usdt_transfer' };
  const toUs = transfers.filter((transfer) => same(transfer.to, expected.to));
  if (toUs.length === 0) return { status: 'wrong_recipient', recipients: [...new Set(transfers.map((t) => t.to))] };
  const from = expected.from;
  const fromUs = from ? toUs.filter((transfer) => from.some((address) => same(address, transfer.from))) : toUs;
  if (fromUs.length === 0) return { status: 'wrong_sender', transfer: toUs[0]! };
  if ((expected.amountRule ?? 'at-least') === 'exact') {
    return (
      fromUs.find((transfer) => transfer.amount === expected.amount) ?? {
        status: 'wrong_amount',
        expected: expected.amount,
        transfer: fromUs[0]!,
      }
    );
  }
  const best = fromUs.reduce((a, b) => (b.amount > a.amount ? b : a));
  return best.amount >= expected.amount ? best : { status: 'short_amount', expected: expected.amount, transfer: best };
}

export function retryable(error: unknown): VerifyResult {
  if (error instanceof ProviderError) return { status: 'retryable', reason: error.reason, detail: error.message };
  throw error;
}

export const defaultContract = (network: Network) => NETWORK_DEFINITIONS[network].usdtContract;
