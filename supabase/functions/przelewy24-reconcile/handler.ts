// The przelewy24-reconcile edge function: lost notifications. Every minute (pg_cron + pg_net on
// hosted Supabase, supabase/scheduled-jobs.json on the local stack) it asks the gateway about the
// pending gateway orders whose newest session is older than 10 minutes, by sessionId:
//   status 1 (paid, not verified)   → the amount check, verify and the confirmation, as a notification
//   status 2 (verified at the gateway: our confirmation was lost after verify) → the confirmation
//   status 0 / unknown session      → nothing (the order's own expiry decides; nothing is recorded)
// A lookup that fails (unreachable, or an answer other than 200/404) is recorded and tried again on
// the next run. Only the service role key may call it (verify_jwt on, and checked here).
//
//   200 { checked, confirmed, failed }   401 not the service role   503 not configured
import { bearerToken, consoleLogger, jsonResponse, type Logger } from '../_shared/http.ts';
import { type GatewayClient, GatewayUnreachableError } from '../_shared/przelewy24.ts';
import {
  compareAmount,
  fromGrosze,
  type GatewayStore,
  type Przelewy24Settings,
  requestIdOf,
  settle,
  StoreError,
} from '../_shared/przelewy24-gateway.ts';

export interface ReconcileDeps {
  settings: Przelewy24Settings;
  store: GatewayStore;
  gateway: GatewayClient;
  logger?: Logger;
  /** Sessions younger than this are left to their notification (default 600 s). */
  minAgeSeconds?: number;
  batchSize?: number;
}

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0 && b.length > 0;
}

export function createReconcileHandler(deps: ReconcileDeps): (request: Request) => Promise<Response> {
  const { settings, store, gateway } = deps;
  const logger = deps.logger ?? consoleLogger('przelewy24-reconcile');

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return jsonResponse(405, { error: 'Use POST' });
    if (!sameSecret(bearerToken(request) ?? '', settings.serviceRoleKey)) {
      return jsonResponse(401, { error: 'Unauthorized' });
    }
    if (!settings.configured) {
      await report(false, 'Przelewy24 is not configured', { configured: false });
      return jsonResponse(503, { error: 'Przelewy24 is not configured' });
    }
    const requestId = requestIdOf(request);
    const sessions = await store.pendingSessions(deps.minAgeSeconds ?? 600, deps.batchSize ?? 50);
    let confirmed = 0;
    let failed = 0;
    for (const { orderId, sessionId } of sessions) {
      const base = { kind: 'by_session' as const, sessionId, orderId, requestId };
      let found;
      try {
        found = await gateway.bySessionId(sessionId);
      } catch (error) {
        if (!(error instanceof GatewayUnreachableError)) throw error;
        await store.recordEvent({ ...base, outcome: 'unreachable', error: error.message });
        failed += 1;
        continue;
      }
      const data = typeof found.body === 'object' && found.body !== null ? found.body.data : undefined;
      if (found.status === 404 || (found.ok && data && data.status === 0)) continue;
      const responseBody = typeof found.body === 'string' ? found.body : JSON.stringify(found.body);
      if (!found.ok || !data || data.sessionId !== sessionId) {
        await store.recordEvent({ ...base, outcome: 'failed', httpStatus: found.status, responseBody });
        failed += 1;
        continue;
      }
      const order = await store.orderForSession(sessionId);
      if (!order || order.status === 'paid') continue;
      const amount = compareAmount(order, data.amount, data.currency);
      if (amount === 'mismatch' || (data.status !== 1 && data.status !== 2)) {
        await store.recordEvent({
          ...base,
          outcome: amount === 'mismatch' ? 'amount_mismatch' : 'other_status',
          httpStatus: found.status,
          responseBody,
        });
        failed += 1;
        continue;
      }
      await store.recordEvent({
        ...base,
        outcome: data.status === 2 ? 'verified_at_gateway' : 'paid_at_gateway',
        httpStatus: found.status,
        responseBody,
      });
      if (data.status === 1) {
        const settled = await settle(
          { store, gateway, logger },
          { sessionId, orderId, gatewayOrderId: data.orderId, amount: data.amount, currency: data.currency, requestId },
        );
        if (settled.outcome === 'confirmed') confirmed += 1;
        else if (settled.status !== 200) failed += 1;
        continue;
      }
      try {
        const result = await store.confirm(sessionId, fromGrosze(data.amount), requestId);
        if (result.changed && result.status === 'paid') confirmed += 1;
      } catch (error) {
        const key = error instanceof StoreError ? error.key : 'internal';
        await store.recordEvent({
          ...base,
          kind: 'confirm',
          outcome: key === 'payments.underpaid' ? 'underpaid' : 'failed',
          error: key,
        });
        if (key !== 'payments.underpaid') failed += 1;
      }
    }
    if (sessions.length) logger.info(`checked ${sessions.length}, confirmed ${confirmed}, failed ${failed}`);
    // A run that could not reach the gateway for some sessions still ran: its lookups are recorded
    // as events (the payments.gateway check counts them).
    await report(true, null, { checked: sessions.length, confirmed, failed });
    return jsonResponse(200, { checked: sessions.length, confirmed, failed });
  }

  /** The run, for the health view's job.przelewy24-reconcile; a failure to report is only logged. */
  async function report(ok: boolean, error: string | null, details: Record<string, unknown>): Promise<void> {
    try {
      await store.recordRun?.(ok, error, details);
    } catch (failure) {
      logger.error(`recording the run failed: ${(failure as Error).message}`);
    }
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      logger.error(`failed: ${(error as Error).message}`);
      await report(false, `The reconciliation failed: ${(error as Error).message}`.slice(0, 500), {});
      return jsonResponse(500, { error: 'The reconciliation failed' });
    }
  };
}
