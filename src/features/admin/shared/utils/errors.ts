import { t, type AdminAreaMessageKey as AdminMessageKey } from '@/i18n/admin';
import { classifyError, classMessageKey, type ErrorClass } from '@/lib/errors';

/** Keys the database raises whose text says more than the operation's generic failure. */
const GENERIC_KEYS = new Set<string>(['http.bad_request', 'http.unexpected', 'http.server_error', 'http.not_found']);

/** The database refused the caller as an admin (42501 / 403): maybe the second factor is missing. */
function refusedAsAdmin({ code, status }: ErrorClass): boolean {
  return code === '42501' || status === 403;
}

/**
 * The message for a failed admin operation, from the error's class (lib/errors.ts): the network
 * text when the request never arrived, the database's own reason when it gave one (e.g. 'Nie możesz
 * usunąć własnego konta', 'Brak dostępnych miejsc'), the refusal's text when the database refused an
 * admin, otherwise the spec's text for the operation ('Nie udało się utworzyć aplikacji').
 */
export function adminErrorMessage(error: unknown, fallback: AdminMessageKey): string {
  const errorClass = classifyError(error);
  if (errorClass.kind === 'network') return t('network.failure');
  if (errorClass.key && !GENERIC_KEYS.has(errorClass.key)) return t(errorClass.key);
  if (refusedAsAdmin(errorClass)) return t(classMessageKey(errorClass));
  return t(fallback);
}
