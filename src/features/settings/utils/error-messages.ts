import { isMessageKey, translate, type MessageKey } from '@/i18n/messages';
import { t, type SettingsMessageKey } from '@/i18n/settings';
import { isWeakPassword, weakPasswordMessage } from '@/lib/auth/auth-errors';
import { authErrorCode, isNetworkError } from '@/lib/errors';

/**
 * The settings page's failures: a stable key the server raised (profile.*, email.*) is shown as
 * itself; anything else gets the spec's text for the operation (product.md#dashboard-8).
 */
export function settingsErrorMessage(error: unknown, fallback: SettingsMessageKey | MessageKey): string {
  if (isNetworkError(error)) return t('network.failure');
  const message = error instanceof Error ? error.message : undefined;
  if (isMessageKey(message) && /^(profile|email|settings|files|validation)\./.test(message)) return translate(message);
  if (authErrorCode(error) === 'email_exists') return t('email.taken');
  if (authErrorCode(error) === 'email_address_invalid') return t('validation.email.invalid');
  return t(fallback);
}

export type PasswordFailure = { field: 'currentPassword' | 'newPassword' | null; message: string };

/** Where a failed password change belongs: Auth's answers about a field go to that field. */
export function passwordFailure(error: unknown): PasswordFailure {
  const code = authErrorCode(error);
  if (code === 'current_password_mismatch' || code === 'current_password_required') {
    return { field: 'currentPassword', message: t('settings.password.current_wrong') };
  }
  if (code === 'same_password') return { field: 'newPassword', message: t('auth.same_password') };
  if (isWeakPassword(error)) return { field: 'newPassword', message: weakPasswordMessage(error) };
  if (isNetworkError(error)) return { field: null, message: t('network.failure') };
  return { field: null, message: t('reset.failed') };
}
