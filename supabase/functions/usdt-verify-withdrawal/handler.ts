// The usdt-verify-withdrawal edge function (issue 37 §3): an admin who claimed a withdrawal and sent
// the USDT enters the transaction's hash; the function checks the transfer on the withdrawal's
// network before the database lets the withdrawal be completed.
//
//   POST { withdrawalId, txHash }   with Authorization: Bearer <admin's access token (aal2)>
//     200 { status: 'completed', withdrawal }      verified, recorded and completed
//     202 { status: 'not_final', confirmations, required }   matches, not final yet: the hash is
//                                  recorded on the withdrawal (no release or failure any more), try
//                                  again later ('Sprawdź ponownie')
//     400 invalid_body | chain.invalid_hash
//     401 unauthorized             no token, or PostgREST refused it
//     403 auth.forbidden           not an admin, or an aal1 session (the database decides)
//     404 wallet.withdrawal_not_found
//     409 wallet.withdrawal_not_claimed | wallet.withdrawal_claimed_by_other | wallet.withdrawal_not_pending
//         | wallet.withdrawal_tx_mismatch | chain.transfer_used (the transfer paid an order or another
//         withdrawal)
//     422 the chain says otherwise, with what differs: chain.not_found, chain.failed,
//         chain.not_usdt_transfer, chain.wrong_recipient { recipients, expected },
//         chain.wrong_sender { from }, chain.wrong_amount { amount, expected }
//     503 chain.unavailable { reason }   the network's provider did not answer (after its retries)
//
// Order of the steps: the database (with the admin's own token) says what is due and to whom — only
// the withdrawal's claimant gets an answer; the verifier reads the chain; a final, matching transfer is
// recorded with the service role (the unique (network, hash, log index) row of public.chain_transfers,
// linked to the withdrawal); then the completion, again with the admin's token, which the database
// refuses without that verified transfer. The browser cannot complete a withdrawal with a bare hash.
import { bearerToken, consoleLogger, corsHeaders, jsonResponse, type Logger, preflight } from '../_shared/http.ts';
import { noteRequest } from '../_shared/request.ts';
import { type ChainTransferJson, transferToJson } from '../_shared/chain/clients.ts';
import {
  formatUnits,
  isNetwork,
  isValidTxHash,
  type Network,
  NETWORK_DEFINITIONS,
  normalizeTxHash,
  parseUnits,
} from '../_shared/chain/networks.ts';
import type { TransferVerifier } from '../_shared/chain/verifier.ts';

/** What the database says a claimed withdrawal is owed (RPC admin_withdrawal_chain_target). */
export interface WithdrawalTarget {
  withdrawalId: string;
  network: Network;
  /** The member's address. */
  address: string;
  /** USDT as decimal text (numeric(18, 2)). */
  amount: string;
  /** The club's addresses on the network the payout may come from. */
  clubAddresses: string[];
  /** The claimant (the caller). */
  adminId: string;
}

/** The completed row as admin_complete_withdrawal returns it (the parts the browser reads). */
export interface CompletedWithdrawal {
  id: string;
  status: string;
  tx_hash: string | null;
}

/** A refusal of the database, by its stable key (wallet.*, chain.*, auth.*). */
export class StoreError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

export interface WithdrawalChainStore {
  /** With the admin's token: the claimed withdrawal's network, address, amount and the club's addresses. */
  target(token: string, withdrawalId: string): Promise<WithdrawalTarget>;
  /** With the admin's token: the hash of coins on their way (admin_record_withdrawal_tx). */
  recordHash(token: string, withdrawalId: string, txHash: string): Promise<void>;
  /** With the service role: the verified, final transfer, linked to the withdrawal (once). */
  recordTransfer(withdrawalId: string, adminId: string, transfer: ChainTransferJson): Promise<void>;
  /** With the admin's token: the completion, which needs the verified transfer. */
  complete(token: string, withdrawalId: string, txHash: string): Promise<CompletedWithdrawal>;
}

export interface VerifyWithdrawalDeps {
  store: WithdrawalChainStore;
  verifiers: Partial<Record<Network, TransferVerifier>>;
  logger?: Logger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_OF_KEY: Record<string, number> = {
  'auth.forbidden': 403,
  unauthorized: 401,
  'wallet.withdrawal_not_found': 404,
  'wallet.withdrawal_not_claimed': 409,
  'wallet.withdrawal_claimed_by_other': 409,
  'wallet.withdrawal_not_pending': 409,
  'wallet.withdrawal_tx_mismatch': 409,
  'wallet.withdrawal_not_verified': 409,
  'wallet.network_not_configured': 409,
  'chain.transfer_used': 409,
  'chain.transfer_mismatch': 422,
  'wallet.invalid_tx_hash': 400,
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export function createVerifyWithdrawalHandler(deps: VerifyWithdrawalDeps): (request: Request) => Promise<Response> {
  const { store, verifiers } = deps;
  const logger = deps.logger ?? consoleLogger('usdt-verify-withdrawal');

  async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) => jsonResponse(status, body, corsHeaders(request));
    if (request.method === 'OPTIONS') return preflight(request);
    if (request.method !== 'POST') throw new Refusal(405, 'method_not_allowed');
    const token = bearerToken(request);
    if (!token) throw new Refusal(401, 'unauthorized');
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      throw new Refusal(400, 'invalid_body');
    }
    const withdrawalId = body?.withdrawalId;
    const rawHash = body?.txHash;
    if (
      typeof withdrawalId !== 'string' ||
      !UUID.test(withdrawalId) ||
      typeof rawHash !== 'string' ||
      rawHash.length > 200
    ) {
      throw new Refusal(400, 'invalid_body');
    }
    noteRequest({ target: `withdrawal ${withdrawalId}` });

    const target = await store.target(token, withdrawalId.toLowerCase());
    noteRequest({ actor: target.adminId });
    if (!isNetwork(target.network)) throw new Error(`unknown network ${String(target.network)}`);
    const network = target.network;
    if (!isValidTxHash(network, rawHash.trim())) throw new Refusal(400, 'chain.invalid_hash', { network });
    const txHash = normalizeTxHash(network, rawHash);
    const verifier = verifiers[network];
    if (!verifier) throw new Refusal(503, 'chain.unavailable', { network, reason: 'not_configured' });

    const decimals = NETWORK_DEFINITIONS[network].decimals;
    const expected = parseUnits(target.amount, decimals);
    const result = await verifier.verify({
      network,
      hash: txHash,
      to: target.address,
      amount: expected,
      amountRule: 'exact',
      from: target.clubAddresses,
    });
    noteRequest({ result: result.status });
    const usdt = (units: bigint) => formatUnits(units, decimals);
    switch (result.status) {
      case 'invalid_hash':
        throw new Refusal(400, 'chain.invalid_hash', { network });
      case 'not_found':
        throw new Refusal(422, 'chain.not_found', { network });
      case 'failed':
        throw new Refusal(422, 'chain.failed', { network });
      case 'not_usdt_transfer':
        throw new Refusal(422, 'chain.not_usdt_transfer', { network });
      case 'wrong_recipient':
        throw new Refusal(422, 'chain.wrong_recipient', { recipients: result.recipients, expected: target.address });
      case 'wrong_sender':
        throw new Refusal(422, 'chain.wrong_sender', { from: result.transfer.from });
      case 'short_amount':
      case 'wrong_amount':
        throw new Refusal(422, 'chain.wrong_amount', {
          amount: usdt(result.transfer.amount),
          expected: usdt(result.expected),
        });
      case 'retryable':
        logger.error(`${network} provider: ${result.reason} (${result.detail})`);
        throw new Refusal(503, 'chain.unavailable', { network, reason: result.reason });
      case 'not_final':
        // The coins are on their way: the hash stays on the withdrawal (no release or failure now).
        await store.recordHash(token, target.withdrawalId, txHash);
        return json(202, { status: 'not_final', confirmations: result.confirmations, required: result.required });
      case 'ok': {
        const transfer = transferToJson(result.transfer);
        await store.recordTransfer(target.withdrawalId, target.adminId, transfer);
        const withdrawal = await store.complete(token, target.withdrawalId, txHash);
        logger.info(`${target.withdrawalId}: completed with ${network} ${txHash}`);
        return json(200, {
          status: 'completed',
          withdrawal: { ...withdrawal, block_number: transfer.blockNumber, block_time: transfer.blockTime },
        });
      }
    }
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      const headers = corsHeaders(request);
      if (error instanceof Refusal) {
        return jsonResponse(
          error.status,
          { error: { code: error.code, message: error.code, ...error.details } },
          headers,
        );
      }
      if (error instanceof StoreError && STATUS_OF_KEY[error.key]) {
        const status = STATUS_OF_KEY[error.key] as number;
        return jsonResponse(status, { error: { code: error.key, message: error.key } }, headers);
      }
      logger.error(`failed: ${(error as Error).message}`);
      return jsonResponse(
        500,
        { error: { code: 'internal', message: 'The withdrawal could not be verified' } },
        headers,
      );
    }
  };
}
