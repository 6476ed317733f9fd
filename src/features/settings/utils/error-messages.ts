import { translate, type MessageKey } from '@/i18n/messages';
import { t, type SettingsMessageKey } from '@/i18n/settings';
import { isWeakPassword, weakPasswordMessage } from '@/lib/auth/auth-errors';
import { classifyError } from '@/lib/errors';

/** The server's keys that the settings page shows as they are (the rest get the operation's text). */
const SETTINGS_KEY = /^(profile|email|settings|files|validation)\./;

/** Auth's codes about the e-mail address, in the settings page's words. */
const AUTH_CODE_TEXT: Partial<Record<string, SettingsMessageKey | MessageKey>> = {
  email_exists: 'email.taken',
  email_address_invalid: 'validation.email.invalid',
};

/**
 * The settings page's failures, from the error's class (lib/errors.ts): no answer is the network
 * text; a stable key the server raised (profile.*, email.*, …) is shown as itself; Auth's e-mail
 * codes have their texts; anything else gets the spec's text for the operation (product.md#dashboard-8).
 */
export function settingsErrorMessage(error: unknown, fallback: SettingsMessageKey | MessageKey): string {
  const { kind, key, code } = classifyError(error);
  if (kind === 'network') return t('network.failure');
  if (key && SETTINGS_KEY.test(key)) return translate(key);
  const byCode = code === undefined ? undefined : AUTH_CODE_TEXT[code];
  return t(byCode ?? fallback);
}

export type PasswordFailure = { field: 'currentPassword' | 'newPassword' | null; message: string };

/** Where a failed password change belongs: Auth's answers about a field go to that field. */
export function passwordFailure(error: unknown): PasswordFailure {
  const { kind, code } = classifyError(error);
  if (code === 'current_password_mismatch' || code === 'current_password_required') {
    return { field: 'currentPassword', message: t('settings.password.current_wrong') };
  }
  if (code === 'same_password') return { field: 'newPassword', message: t('auth.same_password') };
  if (isWeakPassword(error)) return { field: 'newPassword', message: weakPasswordMessage(error) };
  if (kind === 'network') return { field: null, message: t('network.failure') };
  return { field: null, message: t('reset.failed') };
}
