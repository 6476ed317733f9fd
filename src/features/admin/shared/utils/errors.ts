import { t, type AdminAreaMessageKey as AdminMessageKey } from '@/i18n/admin';
import { isMessageKey } from '@/i18n/messages';
import { getErrorStatus, isNetworkError, toUserMessage } from '@/lib/errors';

/** Keys the database raises whose text says more than the operation's generic failure. */
const GENERIC_KEYS = new Set<string>(['http.bad_request', 'http.unexpected', 'http.server_error', 'http.not_found']);

/**
 * The message for a failed admin operation: the database's own reason when it gave one (e.g.
 * 'Nie możesz usunąć własnego konta', 'Brak dostępnych miejsc'), the network text when the request
 * never arrived, otherwise the spec's text for the operation ('Nie udało się utworzyć aplikacji').
 */
export function adminErrorMessage(error: unknown, fallback: AdminMessageKey): string {
  if (isNetworkError(error)) return t('network.failure');
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (isMessageKey(message) && !GENERIC_KEYS.has(message)) return t(message);
  if (isForbidden(error)) return toUserMessage(error);
  return t(fallback);
}

/** The database refused the caller as an admin (42501 / 403): maybe the second factor is missing. */
export function isForbidden(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '42501' || getErrorStatus(error) === 403;
}
