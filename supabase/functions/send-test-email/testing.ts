// Test helpers for send-test-email: a stand-in for PostgREST that answers the two requests the
// function makes exactly as PostgREST shapes them (the admin check with the caller's JWT and the
// service-role read of smtp_configs), settings, and the function served over HTTP.
import type { StoredSmtpConfig } from './access.ts';
import { postgrestAccessGate, postgrestSmtpConfigStore } from './access.ts';
import { quietLogger } from '../_shared/http.ts';
import { createSendTestEmailHandler, type SendTestEmailDeps } from './handler.ts';
import type { SendTestEmailSettings } from './settings.ts';
import { createNodemailerMailer } from '../_shared/mailer.ts';

export const TOKENS = {
  admin: 'admin.jwt.token',
  member: 'member.jwt.token',
  expired: 'expired.jwt.token',
} as const;
export const SERVICE_ROLE_KEY = 'service-role-key';
export const ANON_KEY = 'anon-key';

export { quietLogger };

export interface FakePostgrest {
  url: string;
  configs: Map<string, StoredSmtpConfig>;
  /** Every request it received: path and the Authorization header. */
  requests: { path: string; authorization: string | null }[];
  close(): Promise<void>;
}

/**
 * PostgREST as the function meets it: POST /rest/v1/rpc/admin_list_smtp_configs answers 200 for the
 * admin's token, 403 42501 auth.forbidden for a member's and 401 PGRST303 for an expired one;
 * GET /rest/v1/smtp_configs?id=eq.… answers the row (password included) only to the service role.
 */
export function startFakePostgrest(configs: StoredSmtpConfig[] = []): FakePostgrest {
  const store = new Map(configs.map((config) => [config.id, config]));
  const requests: FakePostgrest['requests'] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, (request) => {
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization');
    requests.push({ path: url.pathname, authorization });
    const token = authorization?.replace(/^Bearer /, '');
    if (url.pathname === '/rest/v1/rpc/admin_list_smtp_configs' && request.method === 'POST') {
      if (token === TOKENS.admin) return Response.json([]);
      if (token === TOKENS.member) {
        return Response.json({ code: '42501', message: 'auth.forbidden', details: null, hint: null }, { status: 403 });
      }
      return Response.json({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null }, { status: 401 });
    }
    if (url.pathname === '/rest/v1/smtp_configs' && request.method === 'GET') {
      if (token !== SERVICE_ROLE_KEY) {
        return Response.json(
          { code: '42501', message: 'permission denied', details: null, hint: null },
          { status: 401 },
        );
      }
      const id = url.searchParams.get('id')?.replace(/^eq\./, '') ?? '';
      const row = store.get(id);
      return Response.json(row ? [row] : []);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    configs: store,
    requests,
    close: () => server.shutdown(),
  };
}

export function testSettings(overrides: Partial<SendTestEmailSettings> = {}): SendTestEmailSettings {
  return {
    supabaseUrl: 'http://127.0.0.1:1',
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    allowedPorts: [25, 465, 587, 2525],
    allowPrivateHosts: true,
    timeoutMs: 2_000,
    problems: [],
    ...overrides,
  };
}

export function storedConfig(port: number, overrides: Partial<StoredSmtpConfig> = {}): StoredSmtpConfig {
  return {
    id: crypto.randomUUID(),
    host: '127.0.0.1',
    port,
    username: 'klub',
    password: 'sekret-smtp',
    from_email: 'no-reply@klub.local',
    from_name: 'Klub',
    ...overrides,
  };
}

/**
 * The handler with the real PostgREST clients (against the fake) and the real nodemailer mailer,
 * served over HTTP; `call` posts a body with a token (or none).
 */
export async function withFunction(
  options: {
    postgrest: FakePostgrest;
    settings?: Partial<SendTestEmailSettings>;
    deps?: Partial<SendTestEmailDeps>;
  },
  run: (call: (body: unknown, token?: string | null) => Promise<Response>) => Promise<void>,
): Promise<void> {
  const settings = testSettings({ supabaseUrl: options.postgrest.url, ...options.settings });
  const handler = createSendTestEmailHandler({
    settings,
    access: postgrestAccessGate(settings.supabaseUrl, settings.anonKey),
    configs: postgrestSmtpConfigStore(settings.supabaseUrl, settings.serviceRoleKey),
    mailer: createNodemailerMailer({ timeoutMs: settings.timeoutMs }),
    logger: quietLogger,
    ...options.deps,
  });
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, handler);
  const url = `http://127.0.0.1:${server.addr.port}/functions/v1/send-test-email`;
  try {
    await run((body, token = TOKENS.admin) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  } finally {
    await server.shutdown();
  }
}
