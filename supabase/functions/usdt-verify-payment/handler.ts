// The usdt-verify-payment edge function (issue 37 §2): checks on chain the transaction a member
// pasted as 'Hash transakcji' for their USDT order, and confirms the order through the database's
// one confirm function (decided via the chain) once the transfer is final.
//
//   POST { orderId, txHash }   Authorization: Bearer <member's access token>
//     200 { status, outcome, confirmations, required, orderStatus }
//         status waiting (outcome not_final: confirmations of required; not_found / retryable: the
//         chain or its provider has not answered yet) — the scheduled run checks it again;
//         confirmed (orderStatus paid, or underpaid when less arrived); rejected (outcome: failed,
//         not_usdt_transfer, wrong_recipient, tx_hash_used, …)
//     400 invalid_body | payments.invalid_tx_hash | payments.network_required   401 no or bad token
//     404 payments.order_not_found   409 payments.not_pending | payments.tx_hash_used |
//         payments.network_disabled   429 payments.too_many_checks (10 an hour, 30 a day)
//   POST { recheck: true }     Authorization: Bearer <service role key> (the scheduled job)
//     200 { checked, confirmed, waiting, rejected }: the waiting checks whose time has come
// The verifier (_shared/chain) is asked for at least the amount due; a shorter transfer is asked
// again for its own amount, so what arrived is credited once final (the order becomes underpaid).
import { bearerToken, consoleLogger, corsHeaders, jsonResponse, type Logger, preflight } from '../_shared/http.ts';
import { type ChainClient, verifyResultToJson } from '../_shared/chain/clients.ts';
import { type Network, NETWORK_DEFINITIONS, parseUnits } from '../_shared/chain/networks.ts';
import { type ChainStore, type CheckState, type CheckTarget, sameSecret, StoreError } from '../_shared/chain/store.ts';

export interface UserResolver {
  userIdFromToken(token: string): Promise<string | null>;
}

export interface VerifyDeps {
  clients: Partial<Record<Network, ChainClient>>;
  store: ChainStore;
  users: UserResolver;
  serviceRoleKey: string;
  logger?: Logger;
  batchSize?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_OF_KEY: Record<string, number> = {
  'payments.invalid_tx_hash': 400,
  'payments.network_required': 400,
  'payments.order_not_found': 404,
  'payments.not_pending': 409,
  'payments.tx_hash_used': 409,
  'payments.network_disabled': 409,
  'payments.too_many_checks': 429,
};

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/** What the chain says about a check, as the JSON chain_finish_payment_check takes. */
export async function verdictFor(
  clients: Partial<Record<Network, ChainClient>>,
  target: CheckTarget,
): Promise<Record<string, unknown>> {
  const client = clients[target.network];
  if (!client) {
    return {
      status: 'retryable',
      reason: 'unavailable',
      detail: `no provider for ${target.network}`,
    };
  }
  const expected = {
    network: target.network,
    hash: target.txHash,
    to: target.toAddress,
    amount: parseUnits(target.amount, NETWORK_DEFINITIONS[target.network].decimals),
    amountRule: 'at-least' as const,
  };
  let result = await client.verify(expected);
  if (result.status === 'short_amount') {
    // Less than due still counts (underpaid), once final: the same transfer, for what it carried.
    result = await client.verify({
      ...expected,
      amount: result.transfer.amount,
    });
  }
  return verifyResultToJson(result, target.network);
}

export function createVerifyHandler(deps: VerifyDeps): (request: Request) => Promise<Response> {
  const { clients, store, users } = deps;
  const logger = deps.logger ?? consoleLogger('usdt-verify-payment');
  const methods = 'POST, OPTIONS';

  async function check(target: CheckTarget): Promise<CheckState> {
    const verdict = await verdictFor(clients, target);
    const state = await store.finishCheck(target.checkId, verdict);
    logger.info(`check ${target.checkId} (${target.network}): ${verdict.status} → ${state.status}`);
    return state;
  }

  async function recheck(): Promise<Response> {
    const due = await store.dueChecks(deps.batchSize ?? 20);
    const counts = {
      checked: 0,
      confirmed: 0,
      waiting: 0,
      rejected: 0,
      failed: 0,
    };
    let lastError: string | null = null;
    for (const target of due) {
      try {
        const state = await check(target);
        counts.checked += 1;
        counts[state.status] += 1;
      } catch (error) {
        counts.failed += 1;
        lastError = (error as Error).message.slice(0, 200);
        logger.error(`check ${target.checkId}: ${lastError}`);
      }
    }
    await store.recordRun('usdt-verify-payment', counts.failed === 0, lastError, counts);
    return jsonResponse(200, counts);
  }

  async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) => jsonResponse(status, body, corsHeaders(request, methods));
    if (request.method === 'OPTIONS') return preflight(request, methods);
    if (request.method !== 'POST') {
      throw new RequestError(405, 'method_not_allowed');
    }
    const token = bearerToken(request);
    if (!token) throw new RequestError(401, 'unauthorized');
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      throw new RequestError(400, 'invalid_body');
    }
    if (body?.recheck === true) {
      if (!sameSecret(token, deps.serviceRoleKey)) {
        throw new RequestError(401, 'unauthorized');
      }
      return await recheck();
    }
    const { orderId, txHash } = body ?? {};
    if (typeof orderId !== 'string' || !UUID.test(orderId) || typeof txHash !== 'string' || txHash.length > 100) {
      throw new RequestError(400, 'invalid_body');
    }
    const userId = await users.userIdFromToken(token);
    if (!userId) throw new RequestError(401, 'unauthorized');
    let started;
    try {
      started = await store.beginCheck(userId, orderId.toLowerCase(), txHash.trim());
    } catch (error) {
      if (error instanceof StoreError && STATUS_OF_KEY[error.key]) {
        throw new RequestError(STATUS_OF_KEY[error.key] as number, error.key);
      }
      throw error;
    }
    const state = started.target ? await check(started.target) : started.state!;
    return json(200, state);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      const headers = corsHeaders(request, methods);
      if (error instanceof RequestError) {
        return jsonResponse(
          error.status,
          {
            error: { code: error.code, message: error.code },
          },
          headers,
        );
      }
      logger.error(`failed: ${(error as Error).message}`);
      return jsonResponse(
        500,
        {
          error: {
            code: 'internal',
            message: 'The payment could not be checked',
          },
        },
        headers,
      );
    }
  };
}
