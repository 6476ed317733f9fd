// What every endpoint of the emulated Auth server receives.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { AuthConfig } from '../config/config.ts';
import { header } from '../http.ts';
import type { Logger } from '../log.ts';
import type { RateLimiters } from './rate-limits.ts';

export interface AuthContext {
  config: AuthConfig;
  pool: pg.Pool;
  log: Logger;
  /** The public base URL of Auth, e.g. http://127.0.0.1:54321/auth/v1 (GoTrue's API external URL). */
  externalUrl: string;
  /** Where the send-email hook is actually reached (host.docker.internal etc. resolved to the gateway). */
  hookUrl: string | null;
  /** GoTrue's rate limits ([auth.rate_limit]), kept in memory like Auth's own. */
  limits: RateLimiters;
}

export interface AuthRequest {
  req: IncomingMessage;
  url: URL;
  /** The parsed JSON body ({} for requests without one). */
  body: Record<string, unknown>;
  ip: string;
  userAgent: string;
}

export function clientIp(req: IncomingMessage): string {
  const forwarded = header(req, 'x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.socket.remoteAddress?.replace(/^::ffff:/, '') || '127.0.0.1';
}
