// The przelewy24-notification edge function: the urlStatus Przelewy24 posts a paid transaction to.
// It takes no JWT ([functions.przelewy24-notification] verify_jwt = false): the sign (CRC key) and
// the server-to-server verify are its authentication, and only a successful verify confirms.
//
//   POST <the gateway's JSON notification>
//   200  confirmed, already paid (a repeated notification: nothing changes), or recorded as underpaid
//   400  malformed, wrong sign, another merchant or POS, an unknown session, an amount or currency
//        that is not the order's: recorded, nothing else happens
//   502 / 503  verify refused / the gateway unreachable: recorded; the gateway repeats the
//        notification and the reconcile job asks again
//   500  the confirmation failed (recorded; repeated by the gateway)
// Every notification leaves a payment_events row (raw body, the headers that matter, whether the
// sign was valid, the outcome, the request id) before anything else is decided from it.
import { consoleLogger, jsonResponse, type Logger } from '../_shared/http.ts';
import { type GatewayClient, notificationSignValid, parseNotification } from '../_shared/przelewy24.ts';
import {
  compareAmount,
  type GatewayStore,
  keptHeaders,
  type Przelewy24Settings,
  requestIdOf,
  settle,
} from '../_shared/przelewy24-gateway.ts';

export interface NotificationDeps {
  settings: Przelewy24Settings;
  store: GatewayStore;
  gateway: GatewayClient;
  logger?: Logger;
}

export function createNotificationHandler(deps: NotificationDeps): (request: Request) => Promise<Response> {
  const { settings, store, gateway } = deps;
  const logger = deps.logger ?? consoleLogger('przelewy24-notification');

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return jsonResponse(405, { error: 'Use POST' });
    const requestId = requestIdOf(request);
    const raw = (await request.text()).slice(0, 65536);
    const event = { kind: 'notification' as const, requestBody: raw, headers: keptHeaders(request), requestId };
    const answer = async (
      status: number,
      outcome: string,
      extra: Partial<Parameters<GatewayStore['recordEvent']>[0]> = {},
    ) => {
      await store.recordEvent({ ...event, outcome, ...extra });
      return jsonResponse(status, { status: outcome });
    };

    if (!settings.configured) {
      logger.error(`not configured: ${settings.problems.join('; ')}`);
      return answer(503, 'not_configured');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const notification = parseNotification(body);
    if (!notification) return answer(400, 'malformed');
    const sessionId = notification.sessionId.slice(0, 100);
    if (!(await notificationSignValid(notification, settings.crc))) {
      return answer(400, 'bad_signature', { sessionId, signatureValid: false });
    }
    const valid = { sessionId, signatureValid: true };
    if (notification.merchantId !== settings.merchantId || notification.posId !== settings.posId) {
      return answer(400, 'wrong_merchant', valid);
    }
    const order = await store.orderForSession(sessionId);
    if (!order) return answer(400, 'unknown_order', valid);
    const withOrder = { ...valid, orderId: order.orderId };
    if (order.status === 'paid') return answer(200, 'duplicate', withOrder);
    const amount = compareAmount(order, notification.amount, notification.currency);
    if (amount === 'mismatch') return answer(400, 'amount_mismatch', withOrder);
    await store.recordEvent({ ...event, ...withOrder, outcome: amount === 'short' ? 'amount_short' : 'accepted' });

    const settled = await settle(
      { store, gateway, logger },
      {
        sessionId,
        orderId: order.orderId,
        gatewayOrderId: notification.orderId,
        amount: notification.amount,
        currency: notification.currency,
        requestId,
      },
    );
    return jsonResponse(settled.status, { status: settled.outcome });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      logger.error(`failed: ${(error as Error).message}`);
      return jsonResponse(500, { status: 'error' });
    }
  };
}
