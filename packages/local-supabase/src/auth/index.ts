// The emulated Auth server: a connection pool as supabase_auth_admin and the /auth/v1 handler.
import type { AuthConfig } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { authPool } from './db.ts';
import { rateLimiters } from './rate-limits.ts';
import { authHandler } from './router.ts';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', 'host.docker.internal', 'kong', '0.0.0.0']);

/**
 * Where the send-email hook is reached. URIs written for `supabase start` point at the API gateway
 * as the auth container sees it (http://host.docker.internal:54321/functions/v1/…, or kong:8000);
 * here every local URI of an edge function goes to this stack's gateway.
 */
export function resolveHookUrl(uri: string, gatewayUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    throw new Error(`[auth.hook.send_email] uri "${uri}" is not a URL`);
  }
  if (!LOCAL_HOSTS.has(parsed.hostname) || !parsed.pathname.startsWith('/functions/v1/')) return uri;
  return `${gatewayUrl}${parsed.pathname}${parsed.search}`;
}

export function startAuth({
  config,
  dbPort,
  gatewayUrl,
  log,
}: {
  config: AuthConfig;
  dbPort: number;
  gatewayUrl: string;
  log: Logger;
}) {
  const pool = authPool(dbPort);
  const hookUrl = config.sendEmailHook ? resolveHookUrl(config.sendEmailHook.uri, gatewayUrl) : null;
  if (!hookUrl)
    log.warn('auth', 'Auth e-mails will fail: [auth.hook.send_email] is not enabled in supabase/config.toml');
  const limits = rateLimiters(config);
  const handler = authHandler({ config, pool, log, externalUrl: `${gatewayUrl}/auth/v1`, hookUrl, limits });
  return { handler, hookUrl, close: () => pool.end() };
}
