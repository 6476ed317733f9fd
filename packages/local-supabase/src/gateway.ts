// The API gateway on 127.0.0.1:54321, routing like the Kong configuration of `supabase start`:
//   /rest/v1/*      → PostgREST                (apikey required)
//   /auth/v1/*      → the Auth emulation       (apikey required, except the links opened from e-mails)
//   /storage/v1/*   → the Storage emulation    (the service checks the JWT)
//   /functions/v1/* → the Deno function workers (verify_jwt per function; CORS is the function's job)
//   /realtime/v1/websocket → the Realtime emulation (WebSocket upgrades, handled by stack.ts)
//   other /realtime/v1/* (REST broadcast), /graphql/v1 → an explicit "not emulated" answer
// CORS is answered for every origin (as Supabase does), so the Vite dev server and preview work.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { header, sendEmpty, sendJson } from './http.ts';
import { API_KEYS } from './keys.ts';
import type { Logger } from './log.ts';
import { proxy } from './proxy.ts';

export type ServiceHandler = (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => Promise<void>;

export interface GatewayRoutes {
  postgrestPort: number;
  auth: ServiceHandler;
  storage: ServiceHandler;
  functions: ServiceHandler;
}

const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'Content-Profile',
  'Cache-Control',
  'Date',
  'ETag',
  'Last-Modified',
  'Link',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'Server',
  'X-Supabase-Api-Version',
  'X-Total-Count',
].join(', ');

/** Auth routes Kong leaves open: they are opened from e-mails and OAuth redirects, without a key. */
const OPEN_AUTH = /^\/auth\/v1\/(verify|callback|authorize|\.well-known\/jwks\.json)$/;

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': header(req, 'origin') ?? '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  sendEmpty(res, 200, {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      header(req, 'access-control-request-headers') ??
      'apikey, authorization, content-type, x-client-info, x-supabase-api-version, prefer, range, accept-profile, content-profile, x-upsert',
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
}

function apiKeyOf(req: IncomingMessage, url: URL): string | null {
  return header(req, 'apikey') ?? url.searchParams.get('apikey');
}

/** The new sb_publishable_/sb_secret_ keys stand for the legacy JWTs, as Kong's transformer does. */
function mapNewApiKey(req: IncomingMessage, url: URL): void {
  const key = apiKeyOf(req, url);
  const jwt = key ? API_KEYS.get(key) : undefined;
  const authorization = header(req, 'authorization');
  if (key && jwt && jwt !== key && (!authorization || authorization === `Bearer ${key}`)) {
    req.headers.authorization = `Bearer ${jwt}`;
  }
}

/** Kong's key-auth: `apikey` header or query parameter, one of the project's keys. */
function checkApiKey(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  const key = apiKeyOf(req, url);
  if (!key) {
    sendJson(res, 401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    return false;
  }
  if (!API_KEYS.has(key)) {
    sendJson(res, 401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
    return false;
  }
  return true;
}

function withCors(req: IncomingMessage) {
  return (headers: OutgoingHttpHeaders): OutgoingHttpHeaders => {
    const cleaned = Object.fromEntries(
      Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith('access-control-')),
    );
    return { ...cleaned, ...corsHeaders(req) };
  };
}

export function gateway(routes: GatewayRoutes, log: Logger) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.on('finish', () =>
      log.debug('gateway', `${req.method} ${url.pathname} ${res.statusCode} ${Date.now() - started} ms`),
    );
    try {
      await dispatch(routes, req, res, url);
    } catch (error) {
      log.error('gateway', `${req.method} ${url.pathname}: ${(error as Error).message}`);
      if (res.headersSent) return void res.destroy();
      sendJson(res, 502, { message: 'An invalid response was received from the upstream server' });
    }
  };
}

async function dispatch(routes: GatewayRoutes, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname;
  mapNewApiKey(req, url);
  if (path.startsWith('/functions/v1/')) return routes.functions(req, res, path.slice('/functions/v1'.length), url);
  if (req.method === 'OPTIONS') return preflight(req, res);
  for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
  if (path.startsWith('/storage/v1/')) return routes.storage(req, res, path.slice('/storage/v1'.length), url);
  if (path.startsWith('/auth/v1/')) {
    if (!OPEN_AUTH.test(path) && !checkApiKey(req, res, url)) return;
    return routes.auth(req, res, path.slice('/auth/v1'.length), url);
  }
  if (path.startsWith('/rest/v1/') || path === '/rest/v1') {
    if (!checkApiKey(req, res, url)) return;
    const target = { port: routes.postgrestPort, path: `${path.slice('/rest/v1'.length) || '/'}${url.search}` };
    return proxy(req, res, target, withCors(req));
  }
  if (path.startsWith('/realtime/v1')) {
    return sendJson(res, 501, {
      message:
        "Realtime's HTTP API (REST broadcast) is not emulated by the local stack: only postgres_changes over ws://…/realtime/v1/websocket is; the rest needs `supabase start` (see docs/decisions.md)",
    });
  }
  if (path.startsWith('/graphql/v1')) {
    return sendJson(res, 501, {
      message: 'graphql is not emulated by the local stack: GraphQL needs `supabase start` (see docs/decisions.md)',
    });
  }
  sendJson(res, 404, { message: 'no Route matched with those values' });
}
