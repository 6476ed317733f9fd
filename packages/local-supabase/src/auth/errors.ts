// Supabase Auth's error shapes. With `X-Supabase-Api-Version: 2024-01-01` (which supabase-js always
// sends) errors are `{ code: "<error_code>", message }` and the header is echoed; without it they are
// the legacy `{ code: <status>, error_code, msg }`. OAuth-style errors are `{ error, error_description }`.
import type { IncomingMessage } from 'node:http';
import { header } from '../http.ts';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const internal = (message: string) => new AuthError(500, 'unexpected_failure', message);

/** A request the emulation does not support: named explicitly, never answered wrongly. */
export function notEmulated(what: string): AuthError {
  return new AuthError(
    400,
    'not_implemented',
    `${what} is not emulated by the local stack (packages/local-supabase/src/auth). Use \`supabase start\` for it, or extend the emulation.`,
  );
}

const API_VERSION = '2024-01-01';
const API_VERSION_HEADER = 'X-Supabase-Api-Version';

/** True when the client asked for the 2024-01-01 error format (GoTrue's DetermineClosestAPIVersion). */
export function wantsNewErrorFormat(req: IncomingMessage): boolean {
  const value = header(req, API_VERSION_HEADER) ?? '';
  if (!/^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value)) return false;
  return value >= API_VERSION;
}

export interface RenderedError {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export function renderError(error: AuthError | OAuthError, req: IncomingMessage): RenderedError {
  if (error instanceof OAuthError) {
    return { status: 400, body: { error: error.error, error_description: error.description }, headers: {} };
  }
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  if (wantsNewErrorFormat(req)) {
    return {
      status: error.status,
      body: { code: error.code, message: error.message, ...weak },
      headers: { [API_VERSION_HEADER]: API_VERSION },
    };
  }
  return {
    status: error.status,
    body: { code: error.status, error_code: error.code, msg: error.message, ...weak },
    headers: {},
  };
}

/** What an unexpected exception becomes (GoTrue's default case). */
export function unexpectedFailure(): AuthError {
  return internal('Unexpected failure, please check server logs for more information');
}
