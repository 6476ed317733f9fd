// One request id from the member's click to the function's log, the RPCs it calls and the rows they
// write (issue 40 §3). Every function's Deno.serve handler is wrapped in `withRequestId`:
//
// - the id is the trace id of an incoming W3C `traceparent` (the browser sends one with each call),
//   else a new random one in the same shape (32 lower-case hex digits);
// - the answer carries it in `x-request-id` (exposed to the browser's CORS reads);
// - one JSON line per request goes to the log: request_id, function, method, status, result,
//   actor, target, duration_ms. Never a secret, never a full e-mail (masked to its first letter and
//   domain), whatever a handler notes;
// - `tracedFetch` (the fetch the functions' Supabase clients use) sends `x-request-id`,
//   `x-function: <name>` and a `traceparent` of the same trace with each call made during the
//   request, so PostgREST's `request.headers` gives them to the SQL that writes audit and outbox rows.
//
// The request's context travels with AsyncLocalStorage, so stores built once at start-up send the
// headers of the request they are serving without being handed anything.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The request id: the W3C trace id (32 hex digits). */
  readonly id: string;
  /** The function's name (the `x-function` header and the log's `function`). */
  readonly fn: string;
  /** What the handler noted: who called, on what, with which outcome. */
  actor?: string;
  target?: string;
  result?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = '0'.repeat(32);

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh request id: a W3C trace id (16 random bytes, hex). */
export function newRequestId(): string {
  return randomHex(16);
}

/**
 * The trace id of a W3C traceparent header (`00-<trace id>-<parent id>-<flags>`), or null when the
 * header is absent or malformed (version ff, an all-zero trace id, wrong lengths).
 */
export function traceIdOf(traceparent: string | null | undefined): string | null {
  const match = TRACEPARENT.exec((traceparent ?? '').trim().toLowerCase());
  if (!match || match[1] === 'ff' || match[2] === ZERO_TRACE) return null;
  return match[2]!;
}

/** The id of an incoming request: its traceparent's trace id, else a new one. */
export function requestIdOf(request: Request): string {
  return traceIdOf(request.headers.get('traceparent')) ?? newRequestId();
}

/** The current request's context (inside `withRequestId`), or undefined. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Notes who called and on what (the log line's actor and target) and the outcome; no-op outside a request. */
export function noteRequest(fields: { actor?: string | null; target?: string | null; result?: string | null }): void {
  const context = storage.getStore();
  if (!context) return;
  for (const key of ['actor', 'target', 'result'] as const) {
    const value = fields[key];
    if (value) context[key] = value;
  }
}

/** The headers the calls made for a request carry: its id, the function and a traceparent of its trace. */
export function outgoingHeaders(context: RequestContext | undefined = storage.getStore()): Record<string, string> {
  if (!context) return {};
  return {
    'x-request-id': context.id,
    'x-function': context.fn,
    traceparent: `00-${context.id}-${randomHex(8)}-01`,
  };
}

/** `fetch` with the current request's headers added (as they are: nothing else changes). */
export function tracingFetch(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const extra = outgoingHeaders();
    if (Object.keys(extra).length === 0) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return base(input, { ...init, headers });
  };
}

/** The fetch of the functions' Supabase clients and PostgREST calls. */
export const tracedFetch: typeof fetch = (input, init) => tracingFetch(globalThis.fetch)(input, init);

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** A value fit for the log: e-mails masked (`j…@example.com`), at most 200 characters. */
export function logSafe(value: string): string {
  return value.replace(EMAIL, '$1…@$2').slice(0, 200);
}

export interface RequestLogOptions {
  /** Where the JSON line goes (default console.info). */
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * Wraps a function's handler: the request id, its header on the answer (a thrown error becomes a
 * 500 that carries it too), and one JSON log line when the answer is ready.
 */
export function withRequestId(
  fn: string,
  handler: (request: Request) => Promise<Response> | Response,
  options: RequestLogOptions = {},
): (request: Request) => Promise<Response> {
  const log = options.log ?? ((line: string) => console.info(line));
  const now = options.now ?? (() => performance.now());
  return async (request) => {
    const context: RequestContext = { id: requestIdOf(request), fn };
    const started = now();
    let response: Response;
    try {
      response = await storage.run(context, () => handler(request));
    } catch (error) {
      context.result ??= `error: ${error instanceof Error ? error.name : 'unknown'}`;
      response = new Response(JSON.stringify({ error: 'Internal error', request_id: context.id }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const headers = new Headers(response.headers);
    headers.set('x-request-id', context.id);
    const exposed = headers.get('access-control-expose-headers');
    headers.set('Access-Control-Expose-Headers', exposed ? `${exposed}, x-request-id` : 'x-request-id');
    const line: Record<string, unknown> = {
      request_id: context.id,
      function: fn,
      method: request.method,
      status: response.status,
      result: logSafe(context.result ?? (response.status < 400 ? 'ok' : `http ${response.status}`)),
      duration_ms: Math.round(now() - started),
    };
    if (context.actor) line.actor = logSafe(context.actor);
    if (context.target) line.target = logSafe(context.target);
    log(JSON.stringify(line));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
