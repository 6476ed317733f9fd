// What the three Przelewy24 functions share: their settings, the store they read and write (behind
// an interface, so the handlers are tested without a database), and the one path from "the gateway
// says this session was paid" to a confirmed order: amount check → verify → confirm, every step
// recorded in payment_events.
//
// Settings (function settings and secrets; config.toml [edge_runtime.secrets], docs/deploy.md "Przelewy24"):
//   PRZELEWY24_MODE           sandbox | production (setting)
//   PRZELEWY24_MERCHANT_ID    the merchant id (setting)
//   PRZELEWY24_POS_ID         the POS (shop) id; default: the merchant id (setting)
//   PRZELEWY24_CRC_KEY        the CRC key the signs are computed with (secret)
//   PRZELEWY24_API_KEY        the API ("reports") key, Basic auth's password (secret)
//   PRZELEWY24_API_URL        optional: another address than the mode's (the local stack's sandbox)
// The gateway is "configured" when all but the last are present and valid; otherwise the transfer
// method stays on the admin's confirmation and the functions say so (409 / 503).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Logger } from './http.ts';
import {
  createGatewayClient,
  type GatewayClient,
  GatewayUnreachableError,
  PRODUCTION_URL,
  SANDBOX_URL,
  toGrosze,
} from './przelewy24.ts';

export type EnvReader = (name: string) => string | undefined;

export interface Przelewy24Settings {
  configured: boolean;
  mode: 'sandbox' | 'production' | '';
  merchantId: number;
  posId: number;
  crc: string;
  apiKey: string;
  apiUrl: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** What is missing or malformed (names only, never a value). */
  problems: string[];
}

function positiveInt(text: string): number | null {
  return /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

export function przelewy24SettingsFromEnv(env: EnvReader): Przelewy24Settings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const modeText = read('PRZELEWY24_MODE');
  const mode = modeText === 'sandbox' || modeText === 'production' ? modeText : '';
  if (!modeText) problems.push('PRZELEWY24_MODE is not set');
  else if (!mode) problems.push('PRZELEWY24_MODE must be sandbox or production');
  const merchantId = positiveInt(read('PRZELEWY24_MERCHANT_ID'));
  if (merchantId === null) problems.push('PRZELEWY24_MERCHANT_ID is not a positive integer');
  const posText = read('PRZELEWY24_POS_ID');
  const posId = posText ? positiveInt(posText) : merchantId;
  if (posText && posId === null) problems.push('PRZELEWY24_POS_ID is not a positive integer');
  const crc = read('PRZELEWY24_CRC_KEY');
  if (!crc) problems.push('PRZELEWY24_CRC_KEY is not set');
  const apiKey = read('PRZELEWY24_API_KEY');
  if (!apiKey) problems.push('PRZELEWY24_API_KEY is not set');
  const override = read('PRZELEWY24_API_URL');
  let apiUrl = mode === 'production' ? PRODUCTION_URL : SANDBOX_URL;
  if (override) {
    try {
      apiUrl = new URL(override).origin;
    } catch {
      problems.push('PRZELEWY24_API_URL is not a URL');
    }
  }
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const anonKey = read('SUPABASE_ANON_KEY');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!supabaseUrl) problems.push('SUPABASE_URL is not set');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');
  return {
    configured: problems.length === 0,
    mode,
    merchantId: merchantId ?? 0,
    posId: posId ?? 0,
    crc,
    apiKey,
    apiUrl,
    supabaseUrl,
    anonKey,
    serviceRoleKey,
    problems,
  };
}

export function gatewayClientFor(settings: Przelewy24Settings, send?: typeof fetch): GatewayClient {
  return createGatewayClient(
    {
      baseUrl: settings.apiUrl,
      merchantId: settings.merchantId,
      posId: settings.posId,
      crc: settings.crc,
      apiKey: settings.apiKey,
    },
    send,
  );
}

// ---- The store -----------------------------------------------------------------------------

export interface GatewayOrder {
  orderId: string;
  reference: string;
  /** numeric(12,2) as PostgREST returns it (a number or a text). */
  amount: string | number;
  currency: string;
  method: string;
  status: string;
}

export interface Registration {
  orderId: string;
  reference: string;
  sessionId: string;
  amount: string | number;
  currency: string;
  itemLabel: string;
  email: string;
}

export type EventKind = 'register' | 'notification' | 'verify' | 'by_session' | 'confirm';

export interface GatewayEvent {
  kind: EventKind;
  outcome: string;
  sessionId?: string | null;
  orderId?: string | null;
  signatureValid?: boolean | null;
  httpStatus?: number | null;
  requestBody?: string | null;
  responseBody?: string | null;
  headers?: Record<string, string>;
  requestId?: string | null;
  error?: string | null;
}

/** A refusal of a gateway RPC, by its message key (payments.order_not_found, …). */
export class StoreError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

export interface GatewayStore {
  beginRegistration(orderId: string, userId: string, requestId: string): Promise<Registration>;
  orderForSession(sessionId: string): Promise<GatewayOrder | null>;
  recordEvent(event: GatewayEvent): Promise<void>;
  /** Confirms the session's order (records its 'confirm' event in the same transaction). */
  confirm(sessionId: string, amountReceived: string, requestId: string): Promise<{ changed: boolean; status: string }>;
  pendingSessions(minAgeSeconds: number, limit: number): Promise<{ orderId: string; sessionId: string }[]>;
  /**
   * Reports a reconciliation run to the health view (RPC record_job_run, job 'przelewy24-reconcile'):
   * success or the reason it failed (never a secret). Optional: a store without it reports nothing.
   */
  recordRun?(ok: boolean, error: string | null, details: Record<string, unknown>): Promise<void>;
}

const SERVER_OPTIONS = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

function storeError(error: { message: string; code?: string }): Error {
  return /^[a-z_]+\.[a-z_]+$/.test(error.message) ? new StoreError(error.message) : new Error(error.message);
}

export function supabaseGatewayStore(supabaseUrl: string, serviceRoleKey: string): GatewayStore {
  const client: SupabaseClient = createClient(supabaseUrl, serviceRoleKey, SERVER_OPTIONS);
  return {
    async beginRegistration(orderId, userId, requestId) {
      const { data, error } = await client
        .rpc('gateway_begin_registration', { p_order_id: orderId, p_user_id: userId, p_request_id: requestId })
        .single<Record<string, string>>();
      if (error) throw storeError(error);
      return {
        orderId: data.order_id as string,
        reference: data.reference as string,
        sessionId: data.session_id as string,
        amount: data.amount as string,
        currency: data.currency as string,
        itemLabel: data.item_label as string,
        email: data.email as string,
      };
    },
    async orderForSession(sessionId) {
      const { data, error } = await client
        .rpc('gateway_order_for_session', { p_session_id: sessionId })
        .maybeSingle<Record<string, string>>();
      if (error) throw storeError(error);
      if (!data) return null;
      return {
        orderId: data.order_id as string,
        reference: data.reference as string,
        amount: data.amount as string,
        currency: data.currency as string,
        method: data.method as string,
        status: data.status as string,
      };
    },
    async recordEvent(event) {
      const { error } = await client.rpc('gateway_record_event', {
        p_kind: event.kind,
        p_outcome: event.outcome,
        p_session_id: event.sessionId ?? null,
        p_order_id: event.orderId ?? null,
        p_signature_valid: event.signatureValid ?? null,
        p_http_status: event.httpStatus ?? null,
        p_request_body: event.requestBody ?? null,
        p_response_body: event.responseBody ?? null,
        p_headers: event.headers ?? {},
        p_request_id: event.requestId ?? null,
        p_error: event.error ?? null,
      });
      if (error) throw storeError(error);
    },
    async confirm(sessionId, amountReceived, requestId) {
      const { data, error } = await client
        .rpc('gateway_confirm_payment', {
          p_session_id: sessionId,
          p_amount_received: amountReceived,
          p_request_id: requestId,
        })
        .single<{ changed: boolean; status: string }>();
      if (error) throw storeError(error);
      return { changed: data.changed, status: data.status };
    },
    async recordRun(ok, error, details) {
      const { error: failure } = await client.rpc('record_job_run', {
        p_job: 'przelewy24-reconcile',
        p_ok: ok,
        p_error: error,
        p_details: details,
      });
      if (failure) throw storeError(failure);
    },
    async pendingSessions(minAgeSeconds, limit) {
      const { data, error } = await client.rpc('gateway_pending_sessions', {
        p_min_age: `${minAgeSeconds} seconds`,
        p_limit: limit,
      });
      if (error) throw storeError(error);
      return ((data ?? []) as { order_id: string; session_id: string }[]).map((row) => ({
        orderId: row.order_id,
        sessionId: row.session_id,
      }));
    },
  };
}

// ---- From "paid at the gateway" to a confirmed order --------------------------------------------

/** Grosze as the numeric(12,2) text the confirm RPC takes. */
export function fromGrosze(grosze: number): string {
  return `${Math.floor(grosze / 100)}.${String(grosze % 100).padStart(2, '0')}`;
}

/**
 * How a reported amount relates to the order: equal (same currency, same grosze), short (same
 * currency, less: the order can only become underpaid) or mismatch (more, or another currency).
 */
export function compareAmount(order: GatewayOrder, amount: number, currency: string): 'equal' | 'short' | 'mismatch' {
  if (currency !== order.currency) return 'mismatch';
  const expected = toGrosze(order.amount);
  if (amount === expected) return 'equal';
  return amount < expected && amount > 0 ? 'short' : 'mismatch';
}

export interface SettleInput {
  sessionId: string;
  orderId: string;
  /** The gateway's transaction number (orderId of the notification). */
  gatewayOrderId: number;
  amount: number;
  currency: string;
  requestId: string;
}

/** The outcome of settling: the HTTP status the caller answers and what happened. */
export interface Settled {
  status: 200 | 500 | 502 | 503;
  outcome: 'confirmed' | 'unchanged' | 'underpaid' | 'verify_failed' | 'unreachable' | 'confirm_failed';
}

/**
 * verify (books the payment at the gateway; only its success confirms), then the one confirmation.
 * Each step leaves its event: the verify call (sent body, answer) and the confirmation (recorded by
 * the confirm RPC itself, or here when it failed).
 */
export async function settle(
  deps: { store: GatewayStore; gateway: GatewayClient; logger: Logger },
  input: SettleInput,
): Promise<Settled> {
  const { store, gateway, logger } = deps;
  const base = { sessionId: input.sessionId, orderId: input.orderId, requestId: input.requestId };
  let verified;
  try {
    verified = await gateway.verify({
      sessionId: input.sessionId,
      orderId: input.gatewayOrderId,
      amount: input.amount,
      currency: input.currency,
    });
  } catch (error) {
    if (!(error instanceof GatewayUnreachableError)) throw error;
    await store.recordEvent({ ...base, kind: 'verify', outcome: 'unreachable', error: error.message });
    logger.error(`${input.sessionId}: verify unreachable; the reconcile job retries`);
    return { status: 503, outcome: 'unreachable' };
  }
  const success =
    verified.ok &&
    typeof verified.body === 'object' &&
    verified.body !== null &&
    verified.body.data?.status === 'success';
  await store.recordEvent({
    ...base,
    kind: 'verify',
    outcome: success ? 'verified' : 'failed',
    httpStatus: verified.status,
    requestBody: JSON.stringify(verified.sent),
    responseBody: typeof verified.body === 'string' ? verified.body : JSON.stringify(verified.body),
  });
  if (!success) {
    logger.error(`${input.sessionId}: verify answered ${verified.status}`);
    return { status: 502, outcome: 'verify_failed' };
  }
  try {
    const result = await store.confirm(input.sessionId, fromGrosze(input.amount), input.requestId);
    logger.info(`${input.sessionId}: ${result.changed ? result.status : 'unchanged'}`);
    if (!result.changed) return { status: 200, outcome: 'unchanged' };
    return { status: 200, outcome: result.status === 'underpaid' ? 'underpaid' : 'confirmed' };
  } catch (error) {
    const key = error instanceof StoreError ? error.key : 'internal';
    // Less than the price never confirms; until the underpaid state exists it is recorded only.
    if (key === 'payments.underpaid') {
      await store.recordEvent({ ...base, kind: 'confirm', outcome: 'underpaid', error: key });
      return { status: 200, outcome: 'underpaid' };
    }
    await store.recordEvent({ ...base, kind: 'confirm', outcome: 'failed', error: key });
    logger.error(`${input.sessionId}: the confirmation failed (${key})`);
    return { status: 500, outcome: 'confirm_failed' };
  }
}

/** The request id an event is filed under: the platform's, else a new one. */
export function requestIdOf(request: Request): string {
  return (
    request.headers.get('sb-request-id') ??
    request.headers.get('x-request-id') ??
    request.headers.get('cf-ray') ??
    crypto.randomUUID()
  ).slice(0, 200);
}

const KEPT_HEADERS = [
  'content-type',
  'content-length',
  'user-agent',
  'x-forwarded-for',
  'x-real-ip',
  'cf-connecting-ip',
];

/** The headers that matter for an event (never Authorization or apikey). */
export function keptHeaders(request: Request): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) kept[name] = value.slice(0, 500);
  }
  return kept;
}
