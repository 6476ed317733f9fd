/**
 * THE one place that classifies errors (product.md#account-8): HTTP statuses, network failures,
 * PostgREST error objects, Supabase Auth errors and the stable message keys that RPCs and triggers
 * raise become one `ErrorClass` (`classifyError`), with the generic Polish message of each class.
 * A feature with texts of its own maps the class in one pass (`toUserMessage(error, texts)`; Auth's
 * are in lib/auth/auth-errors.ts). Components never parse errors. Fetchers throw an `AppError`
 * (see `unwrap`).
 */
import type { AuthError, PostgrestSingleResponse } from '@supabase/supabase-js';
import { isMessageKey, t, type MessageKey } from '@/i18n/messages';
import { takeFailedRequestId } from './request-id';

/** The error fetchers throw: what PostgREST, Auth or the app said, with the HTTP status when known. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: string | undefined;
  /** The id of the failed call (its traceparent's trace id, lib/request-id.ts), when known. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    options: { status?: number; code?: string; details?: string; cause?: unknown; requestId?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.requestId = options.requestId;
  }
}

/** The shape of a PostgREST error body (`{ code, message, details, hint }`). */
export type PostgrestErrorLike = {
  message: string;
  code: string;
  details?: string | null;
  hint?: string | null;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/*
 * Auth errors are recognised the way auth-js itself does (its `__isAuthError` marker and the class
 * name), so this module, which is in the entry chunk, does not import supabase-js at run time.
 */
export type AuthErrorLike = AuthError & { reasons?: unknown };

export function isAuthError(error: unknown): error is AuthErrorLike {
  return isObject(error) && '__isAuthError' in error;
}

function isAuthErrorNamed(error: unknown, name: string): boolean {
  return isAuthError(error) && error.name === name;
}

const isAuthRetryableFetchError = (error: unknown) => isAuthErrorNamed(error, 'AuthRetryableFetchError');

export function isPostgrestErrorLike(error: unknown): error is PostgrestErrorLike {
  return (
    isObject(error) &&
    typeof error.code === 'string' &&
    typeof error.message === 'string' &&
    ('details' in error || 'hint' in error) &&
    !isAuthError(error)
  );
}

/** Turns a PostgREST error (and the response status) into an AppError. */
export function toAppError(error: PostgrestErrorLike | Error, status?: number): AppError {
  if (error instanceof AppError) return error;
  // The call that just failed (the fetcher unwraps its answer at once).
  const requestId = takeFailedRequestId();
  if (isPostgrestErrorLike(error)) {
    return new AppError(error.message, {
      status: status && status > 0 ? status : statusFromPostgrestCode(error.code),
      code: error.code || undefined,
      details: error.details ?? undefined,
      cause: error,
      ...(requestId && { requestId }),
    });
  }
  return new AppError(error.message, {
    status: status && status > 0 ? status : undefined,
    cause: error,
    ...(requestId && { requestId }),
  });
}

/** The id of the failed call an error carries (AppError.requestId), if any. */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof AppError ? error.requestId : undefined;
}

/**
 * A message for an error the member may report: with the failed call's id ('identyfikator
 * zdarzenia'), which leads to the function's log line and the audit row. Only for the classes an
 * operator has to look into (server and unexpected errors); a refusal the member can act on
 * (validation, limits, rights) is shown as it is.
 */
function withRequestId(message: string, errorClass: ErrorClass, error: unknown): string {
  const id = requestIdOf(error);
  if (!id || (errorClass.kind !== 'server' && errorClass.kind !== 'unknown')) return message;
  return t('errors.with_request_id', { message, id });
}

/** Unwraps a `{ data, error, status }` result of the client: returns data or throws an AppError. */
export function unwrap<T>(result: PostgrestSingleResponse<T>): T {
  if (result.error) throw toAppError(result.error, result.status);
  return result.data;
}

/** The HTTP status PostgREST answers with for an error code, for errors that lost their response. */
export function statusFromPostgrestCode(code: string): number | undefined {
  if (code === 'PGRST116') return 406;
  if (code === 'PGRST202' || code === 'PGRST205') return 404;
  if (code.startsWith('PGRST3')) return 401;
  if (code.startsWith('PGRST1')) return 400;
  if (code === '42501') return 403;
  if (code === 'P0001') return 400;
  if (code === 'P0002') return 404;
  if (code === '23505' || code === '23503') return 409;
  if (code.startsWith('23') || code.startsWith('22')) return 400;
  return undefined;
}

/** The HTTP status an error carries, if any (used by the query retry rule). */
export function getErrorStatus(error: unknown): number | undefined {
  if (!isObject(error)) return undefined;
  if (error instanceof AppError) return error.status;
  if (isAuthError(error)) return error.status || undefined;
  if (error instanceof Error && error.name === 'FunctionsHttpError') {
    const context: unknown = (error as Error & { context?: unknown }).context;
    if (isObject(context) && typeof context.status === 'number') return context.status;
  }
  if (typeof error.status === 'number' && error.status > 0) return error.status;
  if (isPostgrestErrorLike(error)) return statusFromPostgrestCode(error.code);
  return undefined;
}

/** Message, details and the cause chain of an error, for pattern checks. */
function describe(error: unknown, depth = 0): string {
  if (typeof error === 'string') return error;
  if (!isObject(error) || depth > 3) return '';
  const parts: string[] = [];
  if (typeof error.message === 'string') parts.push(error.message);
  if (typeof error.details === 'string') parts.push(error.details);
  if ('cause' in error && error.cause !== undefined) parts.push(describe(error.cause, depth + 1));
  return parts.join(' ');
}

const CONNECTION_PROBLEM_PATTERN = /\bcors\b|cross-origin|cross origin|blocked/i;
/**
 * A code chunk (`import()`) that could not be loaded, in the words of each engine:
 * Chromium "Failed to fetch dynamically imported module: <url>", Firefox "error loading dynamically
 * imported module: <url>", WebKit "Importing a module script failed.", and Vite's preload helper
 * "Unable to preload CSS for <file>".
 */
const CHUNK_LOAD_PATTERN =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i;
const NETWORK_FAILURE_PATTERN =
  /failed to fetch|fetch failed|networkerror|network error|network request failed|load failed|err_internet_disconnected|err_network/i;

/** True when a lazily loaded chunk (a page, the registration tab, the phone input, supabase-js) failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (error == null) return false;
  if (isObject(error) && error.name === 'ChunkLoadError') return true;
  return CHUNK_LOAD_PATTERN.test(describe(error));
}

/**
 * True for errors that mention CORS, cross-origin or blocked and came without an HTTP answer:
 * the request never reached the backend (product.md#account-8). These open the
 * 'Problem z połączeniem' modal.
 */
export function isConnectionProblem(error: unknown): boolean {
  if (error == null) return false;
  const status = getErrorStatus(error);
  if (status !== undefined && status > 0) return false;
  return CONNECTION_PROBLEM_PATTERN.test(describe(error));
}

/** True when the request failed before any HTTP answer (offline, DNS, CORS, blocked), a chunk load included. */
export function isNetworkError(error: unknown): boolean {
  if (error == null) return false;
  if (isAuthError(error) && isAuthRetryableFetchError(error)) return !error.status;
  if (error instanceof Error && error.name === 'FunctionsFetchError') return true;
  if (error instanceof AppError && error.code === 'network') return true;
  const status = getErrorStatus(error);
  if (status !== undefined && status > 0) return false;
  return NETWORK_FAILURE_PATTERN.test(describe(error)) || isChunkLoadError(error) || isConnectionProblem(error);
}

/** The message for an HTTP status (product.md#account-8 table). */
export function httpStatusMessageKey(status: number): MessageKey {
  switch (status) {
    case 400:
      return 'http.bad_request';
    case 401:
      return 'http.unauthorized';
    case 403:
      return 'http.forbidden';
    case 404:
      return 'http.not_found';
    case 429:
      return 'http.too_many_requests';
    case 500:
      return 'http.server_error';
    default:
      return 'http.unexpected';
  }
}

/** Auth's rate-limit codes (hosted Auth answers 429 with them). */
const RATE_LIMIT_CODES = new Set(['over_email_send_rate_limit', 'over_request_rate_limit', 'over_sms_send_rate_limit']);

/** The Supabase Auth error code (`invalid_credentials`, `otp_expired`, …) of an error, if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (isAuthError(error)) return typeof error.code === 'string' ? error.code : undefined;
  if (error instanceof AppError) return error.code;
  return undefined;
}

/** Auth's session errors (the token is gone, expired or used): the member must sign in again. */
const AUTH_SESSION_CODES = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'no_authorization',
]);

/** Messages of auth-js errors that come without a code (product.md#account-8, hosted auth errors). */
const AUTH_LIBRARY_KINDS: Partial<Record<string, ErrorKind>> = {
  'Auth session missing!': 'unauthenticated',
  'Auth session or user missing': 'unauthenticated',
  'You must provide either an email or phone number and a password': 'validation',
};

/**
 * What went wrong, in the terms the app tells apart:
 * - `message_key`: a stable key an RPC or trigger raised (P0001) or the app threw (`key`);
 * - `rate_limited`: Auth's over_*_rate_limit codes or any 429: waiting, not retyping, is the remedy;
 * - `network`: no HTTP answer (offline, DNS, CORS, blocked, a chunk that failed to load);
 * - `unauthenticated`: the session is missing or expired (401, PGRST3xx, Auth's session codes);
 * - `forbidden`: RLS or a grant refused the caller (42501, 403);
 * - `not_found`: no such row or function (PGRST116, P0002, 404);
 * - `validation`: the request was refused as invalid (400, P0001 without a key, 22xxx, 23xxx);
 * - `server`: a 5xx answer; `unknown`: anything else.
 */
export type ErrorKind =
  | 'message_key'
  | 'rate_limited'
  | 'network'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'server'
  | 'unknown';

/**
 * An error classified once: its kind, the HTTP status and the code it carries (PostgREST's or
 * Supabase Auth's code, or the SQLSTATE), whether Auth raised it, and the message key if any.
 */
export type ErrorClass = {
  kind: ErrorKind;
  status: number | undefined;
  code: string | undefined;
  auth: boolean;
  key?: MessageKey;
};

function kindFromPostgrestCode(code: string | undefined): ErrorKind | undefined {
  if (!code) return undefined;
  if (code === 'PGRST116' || code === 'P0002') return 'not_found';
  if (code === '42501') return 'forbidden';
  if (code.startsWith('PGRST3')) return 'unauthenticated';
  if (code === 'P0001' || code.startsWith('22') || code.startsWith('23')) return 'validation';
  return undefined;
}

function kindFromStatus(status: number | undefined): ErrorKind {
  if (status === undefined) return 'unknown';
  if (status >= 500) return 'server';
  const kinds: Partial<Record<number, ErrorKind>> = {
    400: 'validation',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    429: 'rate_limited',
  };
  return kinds[status] ?? 'unknown';
}

/** Auth's over_*_rate_limit codes or a 429 (checked before anything else but a message key). */
export function isRateLimited({ code, status }: Pick<ErrorClass, 'code' | 'status'>): boolean {
  return (code !== undefined && RATE_LIMIT_CODES.has(code)) || status === 429;
}

/** Classifies an error once; features map the class to their own texts (see `toUserMessage`). */
export function classifyError(error: unknown): ErrorClass {
  const auth = isAuthError(error);
  const status = error == null ? undefined : getErrorStatus(error);
  const code = authErrorCode(error) ?? (isPostgrestErrorLike(error) ? error.code : undefined);
  const result = (kind: ErrorKind, key?: MessageKey): ErrorClass =>
    key ? { kind, status, code, auth, key } : { kind, status, code, auth };
  if (error == null) return result('unknown');

  if (isObject(error) && isMessageKey(error.message)) return result('message_key', error.message);
  if (isMessageKey(error)) return result('message_key', error);
  if (isRateLimited({ code, status })) return result('rate_limited');
  if (isNetworkError(error)) return result('network');
  if ((auth || error instanceof AppError) && code && AUTH_SESSION_CODES.has(code)) return result('unauthenticated');
  if (isAuthError(error)) {
    if (isAuthErrorNamed(error, 'AuthSessionMissingError')) return result('unauthenticated');
    const byMessage = AUTH_LIBRARY_KINDS[error.message];
    if (byMessage) return result(byMessage);
    // auth-js reports "no answer" as status 0.
    return result(kindFromStatus(error.status || undefined));
  }
  const byCode =
    isPostgrestErrorLike(error) || error instanceof AppError ? kindFromPostgrestCode(error.code) : undefined;
  return result(byCode ?? kindFromStatus(status));
}

/** The generic message of a class (product.md#account-8 table). */
export function classMessageKey(errorClass: ErrorClass): MessageKey {
  switch (errorClass.kind) {
    case 'message_key':
      return errorClass.key ?? 'http.unexpected';
    case 'rate_limited':
      return 'http.too_many_requests';
    case 'network':
      return 'network.failure';
    case 'unauthenticated':
      return 'http.unauthorized';
    case 'forbidden':
      return 'http.forbidden';
    case 'not_found':
      return 'http.not_found';
    case 'validation':
      return 'http.bad_request';
    case 'server':
      return errorClass.status === undefined ? 'http.server_error' : httpStatusMessageKey(errorClass.status);
    case 'unknown':
      return 'http.unexpected';
  }
}

/** A feature's texts for the classes it words its own way; undefined falls back to the generic message. */
export type ErrorTexts = (errorClass: ErrorClass, error: unknown) => string | undefined;

/**
 * The Polish message to show for any error: classified once, then the feature's texts (if given),
 * else the generic message. Auth's texts live in lib/auth/auth-errors.ts (`authUserMessage`).
 */
export function toUserMessage(error: unknown, texts?: ErrorTexts): string {
  const errorClass = classifyError(error);
  return withRequestId(texts?.(errorClass, error) ?? t(classMessageKey(errorClass)), errorClass, error);
}
