import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorState } from '@/components/ui/states';
import { reloadPage } from '@/lib/browser';
import { isNetworkError } from '@/lib/errors';
import { t } from '@/i18n/messages';
import { CrashScreen } from './crash-screen';

/**
 * The router's errorElement. A page whose code could not be loaded (its chunk, in any engine's
 * words) is a connection problem: the network message and a retry that loads the page again.
 * Anything else a route throws shows the crash screen.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  if (isNetworkError(error)) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-surface p-4 text-center text-ink">
        <h1 className="text-2xl font-bold text-accent">{t('app.connection_problem.title')}</h1>
        <div className="w-full max-w-md">
          <ErrorState message={t('network.failure')} onRetry={reloadPage} />
        </div>
      </main>
    );
  }
  return <CrashScreen />;
}
