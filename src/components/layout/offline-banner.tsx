import { useSyncExternalStore } from 'react';
import { t } from '@/i18n/messages';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * 'Brak połączenia z internetem' while the browser is offline (an alert, so it is announced once),
 * gone when it is back. TanStack Query pauses reads meanwhile and reads again on reconnection.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-50 bg-danger px-4 py-2 text-center text-sm font-semibold text-surface"
    >
      {t('network.offline')}
    </div>
  );
}
