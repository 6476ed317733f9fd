/**
 * Supabase Auth's own failure texts (product.md#account-5, product.md#account-8), on top of the
 * classification of lib/errors.ts. Used by the sign-in and registration screens, the settings page
 * and the two-factor step-up, so they live here rather than in one feature.
 */
import { t, type MessageKey } from '@/i18n/messages';
import {
  AppError,
  classifyError,
  isAuthError,
  isRateLimited,
  toUserMessage,
  type AuthErrorLike,
  type ErrorClass,
  type ErrorTexts,
} from '@/lib/errors';

/** Auth's codes with a text of their own (the session codes are lib/errors' `unauthenticated`). */
const AUTH_CODE_MESSAGES: Partial<Record<string, MessageKey>> = {
  invalid_credentials: 'auth.invalid_credentials',
  email_not_confirmed: 'auth.email_not_confirmed',
  user_already_exists: 'auth.user_already_exists',
  email_exists: 'auth.user_already_exists',
  captcha_failed: 'validation.captcha.required',
  email_address_invalid: 'validation.email.invalid',
  user_not_found: 'auth.user_not_found',
  // signInWithOtp with shouldCreateUser false for an unknown address ("Signups not allowed for otp").
  otp_disabled: 'auth.user_not_found',
  otp_expired: 'auth.link_expired',
  mfa_verification_failed: 'validation.two_factor.invalid_code',
  mfa_challenge_expired: 'auth.mfa.challenge_expired',
};

const WEAK_PASSWORD_REASONS: Partial<Record<string, MessageKey>> = {
  length: 'validation.password.min',
  characters: 'validation.password.strength',
  pwned: 'auth.weak_password.pwned',
};

function isAuthWeakPasswordError(error: unknown): boolean {
  return isAuthError(error) && error.name === 'AuthWeakPasswordError';
}

/** Auth refused a password as too weak (at sign-up, reset or change). */
export function isWeakPassword(error: unknown): error is AuthErrorLike {
  return isAuthError(error) && (isAuthWeakPasswordError(error) || error.code === 'weak_password');
}

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

/**
 * Auth's texts for a classified error: the e-mail rate limit, weak passwords and the codes above
 * (from Auth itself or from a redirect address, see `authRedirectError`).
 */
export const authTexts: ErrorTexts = (errorClass: ErrorClass, error: unknown) => {
  if (errorClass.kind === 'rate_limited') return rateLimitMessage(error);
  if (errorClass.kind === 'message_key' || errorClass.kind === 'network') return undefined;
  if (isWeakPassword(error)) return weakPasswordMessage(error);
  const fromAuth = errorClass.auth || error instanceof AppError;
  const byCode = fromAuth && errorClass.code ? AUTH_CODE_MESSAGES[errorClass.code] : undefined;
  return byCode ? t(byCode) : undefined;
};

/** The Polish message for an error that Auth may have raised: Auth's texts, else the generic one. */
export function authUserMessage(error: unknown): string {
  return toUserMessage(error, authTexts);
}

/**
 * The message for a rate-limited request (Auth's over_*_rate_limit codes, or any 429), else
 * undefined. Checked before any operation-specific text: waiting, not retyping, is the remedy.
 */
export function rateLimitMessage(error: unknown): string | undefined {
  const errorClass = classifyError(error);
  if (!isRateLimited(errorClass)) return undefined;
  return errorClass.code === 'over_email_send_rate_limit' ? t('http.email_rate_limited') : t('http.too_many_requests');
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
