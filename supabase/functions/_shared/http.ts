// The HTTP pieces every edge function uses: JSON answers, CORS for the browser's calls, the bearer
// token of the Authorization header, and a logger that prefixes the function's name. Handlers stay
// pure (request in, response out); index.ts wires them to Deno.serve.

import { currentRequest } from './request.ts';

/** Where a function writes its log lines (tests pass one that records or drops them). */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The function's log: every line starts with `[name]`, so a shared log tells the functions apart,
 * and, during a request (_shared/request.ts), `[request id]`, so a line leads to its request.
 */
export function consoleLogger(name: string): Logger {
  const prefix = () => {
    const id = currentRequest()?.id;
    return id ? `[${name}] [${id}]` : `[${name}]`;
  };
  return {
    info: (message) => console.info(`${prefix()} ${message}`),
    error: (message) => console.error(`${prefix()} ${message}`),
  };
}

/** A logger that keeps nothing (tests that do not look at the log). */
export const quietLogger: Logger = { info: () => {}, error: () => {} };

/** The headers supabase-js sends with functions.invoke(), allowed when the preflight names none. */
const DEFAULT_ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, traceparent';

/**
 * CORS headers for a browser's cross-origin call: any origin (the functions authenticate by token,
 * never by cookie), the methods given, and the request headers the preflight asks for.
 */
export function corsHeaders(request: Request, methods = 'POST, OPTIONS'): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': request.headers.get('access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '3600',
    Vary: 'Access-Control-Request-Headers',
  };
}

/** The answer to a CORS preflight (OPTIONS): 204 with the CORS headers, no body. */
export function preflight(request: Request, methods?: string): Response {
  return new Response(null, { status: 204, headers: corsHeaders(request, methods) });
}

/** A JSON answer; `headers` are added (e.g. corsHeaders(request)). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'Content-Type': 'application/json' } });
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}
