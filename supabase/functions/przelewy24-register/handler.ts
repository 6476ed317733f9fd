// The przelewy24-register edge function: the browser asks it, right after 'Zapłać' recorded the
// order, to register the order's payment with Przelewy24, and opens the answered payment page in
// the tab it opened within the click.
//
//   GET                                  200 { configured }: whether the transfer method goes through
//                                        the gateway (otherwise it stays on the admin's confirmation)
//   POST { orderId, returnOrigin? }      with Authorization: Bearer <member's access token>
//     200 { url, sessionId, reference }  the gateway's payment page for a new session of the order
//     400 / 401                          bad body / no or invalid token
//     404 payments.order_not_found       no such order of this member
//     409 payments.not_pending | payments.gateway_not_supported | payments.gateway_not_configured
//     429 payments.too_many_attempts     20 sessions for one order
//     502 payments.gateway_refused / 503 payments.gateway_unreachable
// The registration: amount in grosze and currency from the order (never from the browser), the
// session id reference-N, a description with the item and the reference, the member's e-mail,
// urlReturn = <app origin>/dashboard/investments?platnosc=<reference> (the app's origin: SITE_URL's
// or one of ALLOWED_REDIRECT_ORIGINS when the browser names it), urlStatus = the notification
// function. Every registration leaves payment_events rows (requested, then the gateway's answer).
import { bearerToken, consoleLogger, corsHeaders, jsonResponse, type Logger, preflight } from '../_shared/http.ts';
import { type GatewayClient, GatewayUnreachableError, toGrosze } from '../_shared/przelewy24.ts';
import { type GatewayStore, type Przelewy24Settings, requestIdOf, StoreError } from '../_shared/przelewy24-gateway.ts';

export interface UserResolver {
  userIdFromToken(token: string): Promise<string | null>;
}

export interface RegisterDeps {
  settings: Przelewy24Settings;
  /** SITE_URL's origin and ALLOWED_REDIRECT_ORIGINS: where urlReturn may lead. */
  appOrigins: { site: string; allowed: string[] };
  users: UserResolver;
  store: GatewayStore;
  gateway: GatewayClient;
  logger?: Logger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_OF_KEY: Record<string, number> = {
  'payments.order_not_found': 404,
  'payments.not_pending': 409,
  'payments.gateway_not_supported': 409,
  'payments.too_many_attempts': 429,
};

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export function appOriginsFromEnv(env: (name: string) => string | undefined): { site: string; allowed: string[] } {
  const origin = (value: string) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
    } catch {
      return '';
    }
  };
  return {
    site: origin(env('SITE_URL')?.trim() ?? ''),
    allowed: (env('ALLOWED_REDIRECT_ORIGINS') ?? '')
      .split(/[\s,]+/)
      .map(origin)
      .filter(Boolean),
  };
}

export function createRegisterHandler(deps: RegisterDeps): (request: Request) => Promise<Response> {
  const { settings, appOrigins, users, store, gateway } = deps;
  const logger = deps.logger ?? consoleLogger('przelewy24-register');
  const methods = 'GET, POST, OPTIONS';

  async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) => jsonResponse(status, body, corsHeaders(request, methods));
    if (request.method === 'OPTIONS') return preflight(request, methods);
    if (request.method === 'GET') return json(200, { configured: settings.configured && Boolean(appOrigins.site) });
    if (request.method !== 'POST') throw new RequestError(405, 'method_not_allowed');

    const token = bearerToken(request);
    if (!token) throw new RequestError(401, 'unauthorized');
    let body: Record<string, unknown>;
    try {
      body = (await request.json()) as Record<string, unknown>;
    } catch {
      throw new RequestError(400, 'invalid_body');
    }
    const orderId = body?.orderId;
    if (typeof orderId !== 'string' || !UUID.test(orderId)) throw new RequestError(400, 'invalid_body');
    const userId = await users.userIdFromToken(token);
    if (!userId) throw new RequestError(401, 'unauthorized');
    if (!settings.configured || !appOrigins.site) throw new RequestError(409, 'payments.gateway_not_configured');

    const requestId = requestIdOf(request);
    let registration;
    try {
      registration = await store.beginRegistration(orderId.toLowerCase(), userId, requestId);
    } catch (error) {
      if (error instanceof StoreError && STATUS_OF_KEY[error.key]) {
        throw new RequestError(STATUS_OF_KEY[error.key] as number, error.key);
      }
      throw error;
    }
    const wanted = typeof body.returnOrigin === 'string' ? body.returnOrigin : '';
    const origin = appOrigins.allowed.includes(wanted) || wanted === appOrigins.site ? wanted : appOrigins.site;
    const event = {
      kind: 'register' as const,
      sessionId: registration.sessionId,
      orderId: registration.orderId,
      requestId,
    };

    let answer;
    try {
      answer = await gateway.register({
        sessionId: registration.sessionId,
        amount: toGrosze(registration.amount),
        currency: registration.currency,
        description: `${registration.itemLabel} — ${registration.reference}`,
        email: registration.email,
        urlReturn: `${origin}/dashboard/investments?platnosc=${encodeURIComponent(registration.reference)}`,
        urlStatus: `${settings.supabaseUrl}/functions/v1/przelewy24-notification`,
      });
    } catch (error) {
      if (!(error instanceof GatewayUnreachableError)) throw error;
      await store.recordEvent({ ...event, outcome: 'unreachable', error: error.message });
      logger.error(`${registration.sessionId}: register unreachable`);
      throw new RequestError(503, 'payments.gateway_unreachable');
    }
    const paymentToken =
      answer.ok && typeof answer.body === 'object' && answer.body !== null ? answer.body.data?.token : undefined;
    await store.recordEvent({
      ...event,
      outcome: paymentToken ? 'registered' : 'refused',
      httpStatus: answer.status,
      requestBody: JSON.stringify(answer.sent),
      responseBody: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
    });
    if (!paymentToken) {
      logger.error(`${registration.sessionId}: register answered ${answer.status}`);
      throw new RequestError(502, 'payments.gateway_refused');
    }
    logger.info(`${registration.sessionId}: registered`);
    return json(200, {
      url: gateway.paymentUrl(paymentToken),
      sessionId: registration.sessionId,
      reference: registration.reference,
    });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      const headers = corsHeaders(request, methods);
      if (error instanceof RequestError) {
        return jsonResponse(error.status, { error: { code: error.code, message: error.code } }, headers);
      }
      logger.error(`failed: ${(error as Error).message}`);
      return jsonResponse(
        500,
        { error: { code: 'internal', message: 'The payment could not be registered' } },
        headers,
      );
    }
  };
}
