/**
 * The account area's own failure texts (product.md#account-8 and docs/decisions.md), on top of
 * the classification of lib/errors.ts and Auth's texts in lib/auth/auth-errors.ts. Components of
 * the auth feature call `authErrorMessage`.
 */
import { t } from '@/i18n/messages';
import { authUserMessage, isWeakPassword, rateLimitMessage, weakPasswordMessage } from '@/lib/auth/auth-errors';
import { authErrorCode, getErrorStatus, isAuthError, isNetworkError } from '@/lib/errors';

/**
 * Operations whose failures have their own texts:
 * - `sign_up`: the e-mail could not be delivered (the hook unreachable, the mail server failed) →
 *   'Nie udało się wysłać emaila aktywacyjnego'; Auth failing otherwise with a 5xx (a missing e-mail
 *   template or SMTP configuration included) → the server-error message; anything else →
 *   'Wystąpił błąd podczas rejestracji';
 * - `resend_activation`: no account for the e-mail → 'Użytkownik nie istnieje'; the e-mail could not be
 *   delivered → 'Nie udało się wysłać linku aktywacyjnego'; Auth failing otherwise with a 5xx (a
 *   missing template or SMTP configuration) → the server-error message;
 * - `activation`: an expired or used link, else 'Wystąpił błąd podczas aktywacji konta';
 * - `magic_link`: the code of a magic link could not be exchanged, or Supabase redirected with an error;
 * - `reset_link`: the reset link could not be verified → 'Link resetowania hasła wygasł lub jest
 *   nieprawidłowy', or the network message when the request never got an answer (the link may be fine);
 * - `email_change`: the e-mail change link could not be verified;
 * - `password_update`: else 'Wystąpił błąd podczas zmiany hasła'.
 */
export type AuthErrorContext =
  'sign_up' | 'resend_activation' | 'activation' | 'magic_link' | 'reset_link' | 'email_change' | 'password_update';

/** The sign-in failed because the e-mail was never confirmed: the screen offers to resend the link. */
export function isEmailNotConfirmed(error: unknown): boolean {
  return authErrorCode(error) === 'email_not_confirmed';
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

function contextMessage(error: unknown, context: AuthErrorContext): string {
  const code = authErrorCode(error);
  switch (context) {
    case 'sign_up':
      if (isWeakPassword(error)) return weakPasswordMessage(error);
      if (code === 'user_already_exists' || code === 'email_exists') return t('auth.user_already_exists');
      if (code === 'captcha_failed') return t('validation.captcha.required');
      if (code === 'email_address_invalid') return t('validation.email.invalid');
      if (isNetworkError(error)) return t('network.failure');
      // Only Auth's answer can mean the e-mail failed; a failed RPC before sign-up is a registration error.
      if (isEmailDeliveryFailure(error)) return t('auth.activation_email_failed');
      if (isAuthError(error) && (getErrorStatus(error) ?? 0) >= 500) return t('http.server_error');
      return t('auth.registration_failed');
    case 'resend_activation':
      if (error instanceof Error && error.name === 'UserNotFoundError') return t('auth.user_not_found');
      if (code === 'captcha_failed') return t('validation.captcha.required');
      if (isNetworkError(error)) return t('network.failure');
      if (isEmailDeliveryFailure(error)) return t('auth.activation_link_failed');
      if (isAuthError(error) && (getErrorStatus(error) ?? 0) >= 500) return t('http.server_error');
      return t('auth.activation_link_failed');
    case 'activation':
      if (isNetworkError(error)) return t('network.failure');
      if (code === 'otp_expired') return t('activation.link_expired');
      return t('activation.failed');
    case 'magic_link':
      if (isNetworkError(error)) return t('network.failure');
      if (code === 'otp_expired') return t('auth.magic_link_expired');
      return t('auth.link_invalid');
    case 'reset_link':
      if (isNetworkError(error)) return t('network.failure');
      return t('reset.link_expired');
    case 'email_change':
      if (isNetworkError(error)) return t('network.failure');
      return t('auth.email_change.link_expired');
    case 'password_update':
      if (isWeakPassword(error)) return weakPasswordMessage(error);
      if (code === 'same_password') return t('auth.same_password');
      if (isNetworkError(error)) return t('network.failure');
      return t('reset.failed');
  }
}

/** The Polish message for a failure; with a context, the text the spec gives for that operation. */
export function authErrorMessage(error: unknown, context?: AuthErrorContext): string {
  if (context) return rateLimitMessage(error) ?? contextMessage(error, context);
  return authUserMessage(error);
}
