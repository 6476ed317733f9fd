import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';
import { useIdlePrefetch } from '@/lib/use-idle-prefetch';

const loadDialog = () => import('./session-expired-dialog');
const SessionExpiredDialog = lazy(() => loadDialog().then((module) => ({ default: module.SessionExpiredDialog })));

/**
 * 'Sesja wygasła' (product.md#account-2): the dialog is a chunk of its own, loaded while the page is
 * idle (so it opens without the network) and shown when the session ended without a sign-out.
 */
export function SessionExpiredModal() {
  const { sessionExpired } = useAuth();
  useIdlePrefetch(loadDialog);
  if (!sessionExpired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  );
}
