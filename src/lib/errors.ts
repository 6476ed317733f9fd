/**
 * THE one place that turns errors into the spec's Polish messages (product.md#account-8):
 * HTTP statuses, network failures, PostgREST error objects, Supabase Auth errors and the stable
 * message keys that RPCs and triggers raise. Components never parse errors: they call
 * `toUserMessage(error)`. Fetchers throw an `AppError` (see `unwrap`).
 */
import type { AuthError, PostgrestSingleResponse } from '@supabase/supabase-js';
import { isMessageKey, t, type MessageKey } from '@/i18n/messages';

/** The error fetchers throw: what PostgREST, Auth or the app said, with the HTTP status when known. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: string | undefined;

  constructor(message: string, options: { status?: number; code?: string; details?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
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
const isAuthSessionMissingError = (error: unknown) => isAuthErrorNamed(error, 'AuthSessionMissingError');
const isAuthWeakPasswordError = (error: unknown) => isAuthErrorNamed(error, 'AuthWeakPasswordError');

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
  if (isPostgrestErrorLike(error)) {
    return new AppError(error.message, {
      status: status && status > 0 ? status : statusFromPostgrestCode(error.code),
      code: error.code || undefined,
      details: error.details ?? undefined,
      cause: error,
    });
  }
  return new AppError(error.message, { status: status && status > 0 ? status : undefined, cause: error });
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

function postgrestCodeMessageKey(code: string | undefined): MessageKey | undefined {
  if (!code) return undefined;
  if (code === 'PGRST116' || code === 'P0002') return 'http.not_found';
  if (code === '42501') return 'http.forbidden';
  if (code.startsWith('PGRST3')) return 'http.unauthorized';
  if (code === 'P0001' || code.startsWith('22') || code.startsWith('23')) return 'http.bad_request';
  return undefined;
}

const AUTH_CODE_MESSAGES: Partial<Record<string, MessageKey>> = {
  invalid_credentials: 'auth.invalid_credentials',
  email_not_confirmed: 'auth.email_not_confirmed',
  user_already_exists: 'auth.user_already_exists',
  email_exists: 'auth.user_already_exists',
  session_not_found: 'http.unauthorized',
  session_expired: 'http.unauthorized',
  refresh_token_not_found: 'http.unauthorized',
  refresh_token_already_used: 'http.unauthorized',
  bad_jwt: 'http.unauthorized',
  no_authorization: 'http.unauthorized',
  captcha_failed: 'validation.captcha.required',
  email_address_invalid: 'validation.email.invalid',
  user_not_found: 'auth.user_not_found',
  // signInWithOtp with shouldCreateUser false for an unknown address ("Signups not allowed for otp").
  otp_disabled: 'auth.user_not_found',
  otp_expired: 'auth.link_expired',
  mfa_verification_failed: 'validation.two_factor.invalid_code',
  mfa_challenge_expired: 'auth.mfa.challenge_expired',
};

/** Messages of auth-js errors that come without a code (product.md#account-8, hosted auth errors). */
const AUTH_LIBRARY_MESSAGES: Partial<Record<string, MessageKey>> = {
  'Auth session missing!': 'http.unauthorized',
  'Auth session or user missing': 'http.unauthorized',
  'You must provide either an email or phone number and a password': 'http.bad_request',
};

const WEAK_PASSWORD_REASONS: Partial<Record<string, MessageKey>> = {
  length: 'validation.password.min',
  characters: 'validation.password.strength',
  pwned: 'auth.weak_password.pwned',
};

/** Weak-password reasons are passed on to the user (product.md#account-5), joined with commas. */
export function weakPasswordMessage(error: AuthErrorLike): string {
  const reasons: string[] =
    isAuthWeakPasswordError(error) && Array.isArray(error.reasons)
      ? error.reasons.filter((reason): reason is string => typeof reason === 'string')
      : [];
  const texts = [...new Set(reasons.map((reason) => WEAK_PASSWORD_REASONS[reason]))]
    .filter((key): key is MessageKey => key !== undefined)
    .map((key) => t(key));
  return texts.length > 0 ? texts.join(', ') : t('auth.weak_password');
}

function authMessage(error: AuthErrorLike): string {
  if (isAuthWeakPasswordError(error) || error.code === 'weak_password') return weakPasswordMessage(error);
  const byCode = error.code ? AUTH_CODE_MESSAGES[error.code] : undefined;
  if (byCode) return t(byCode);
  if (isAuthSessionMissingError(error)) return t('http.unauthorized');
  const byMessage = AUTH_LIBRARY_MESSAGES[error.message];
  if (byMessage) return t(byMessage);
  return error.status ? t(httpStatusMessageKey(error.status)) : t('http.unexpected');
}

/** Auth's rate-limit codes (hosted Auth answers 429 with them). */
const RATE_LIMIT_MESSAGES: Partial<Record<string, MessageKey>> = {
  over_email_send_rate_limit: 'http.email_rate_limited',
  over_request_rate_limit: 'http.too_many_requests',
  over_sms_send_rate_limit: 'http.too_many_requests',
};

/**
 * The message for a rate-limited request (Auth's over_*_rate_limit codes, or any 429), else
 * undefined. Checked before any operation-specific text: waiting, not retyping, is the remedy.
 */
export function rateLimitMessage(error: unknown): string | undefined {
  const code = authErrorCode(error);
  const byCode = code ? RATE_LIMIT_MESSAGES[code] : undefined;
  if (byCode) return t(byCode);
  return getErrorStatus(error) === 429 ? t('http.too_many_requests') : undefined;
}

/** The Supabase Auth error code (`invalid_credentials`, `otp_expired`, …) of an error, if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (isAuthError(error)) return typeof error.code === 'string' ? error.code : undefined;
  if (error instanceof AppError) return error.code;
  return undefined;
}

/**
 * Supabase Auth redirects a failed e-mail link to the app with `?error=…&error_code=…&error_description=…`
 * (PKCE flow; also in the fragment). Returns that error, or null when the address carries none.
 */
export function authRedirectError(params: URLSearchParams): AppError | null {
  const error = params.get('error');
  const code = params.get('error_code');
  if (!error && !code) return null;
  return new AppError(params.get('error_description') ?? error ?? code ?? 'auth redirect error', {
    code: code ?? error ?? undefined,
  });
}

/**
 * The e-mail an Auth call wanted to send could not be delivered: the hook could not be reached or
 * timed out (`hook_*` codes), or the send-email function says the mail server failed, which it
 * answers with 502 (supabase/functions/send-email/handler.ts). supabase-js keeps only the status of
 * a 5xx answer, so the status tells it apart from a 500: a missing template or SMTP configuration,
 * or another server failure — the server-error message (product.md#account-8).
 */
export function isEmailDeliveryFailure(error: unknown): boolean {
  if (!isAuthError(error)) return false;
  if (authErrorCode(error)?.startsWith('hook_')) return true;
  const status = getErrorStatus(error);
  return status === 502 || status === 503 || status === 504;
}

/** Auth refused a password as too weak (at sign-up, reset or change). */
export function isWeakPassword(error: unknown): error is AuthErrorLike {
  return isAuthError(error) && (isAuthWeakPasswordError(error) || error.code === 'weak_password');
}

/**
 * The Polish message to show for any error. Features with texts of their own for an operation's
 * failures (e.g. sign-up) map those in the feature and fall back to this.
 */
export function toUserMessage(error: unknown): string {
  if (error == null) return t('http.unexpected');

  // A stable message key raised by an RPC or trigger (P0001) or thrown by the app.
  if (isObject(error) && isMessageKey(error.message)) return t(error.message);
  if (isMessageKey(error)) return t(error);

  const limited = rateLimitMessage(error);
  if (limited) return limited;
  if (isNetworkError(error)) return t('network.failure');
  if (isAuthError(error)) return authMessage(error);
  // An auth error that came back in a redirect address (authRedirectError).
  const redirectCode = error instanceof AppError && error.code ? AUTH_CODE_MESSAGES[error.code] : undefined;
  if (redirectCode) return t(redirectCode);

  const code = isPostgrestErrorLike(error) || error instanceof AppError ? error.code : undefined;
  const byCode = postgrestCodeMessageKey(code);
  if (byCode) return t(byCode);

  const status = getErrorStatus(error);
  if (status !== undefined) return t(httpStatusMessageKey(status));
  return t('http.unexpected');
}
