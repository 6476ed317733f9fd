import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { subscribeToConnectionProblems } from '@/lib/connection-problem';
import { useIdlePrefetch } from '@/lib/use-idle-prefetch';

const loadDialog = () => import('./connection-problem-dialog');
const ConnectionProblemDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ConnectionProblemDialog })),
);

/**
 * 'Problem z połączeniem' (product.md#account-8): opens when an error that mentions CORS,
 * cross-origin or blocked is reported (lib/connection-problem.ts; the query and mutation caches
 * report them). The dialog is a chunk of its own, loaded while the page is idle, so it opens
 * even when the connection is what failed.
 */
export function ConnectionProblemModal() {
  const [open, setOpen] = useState(false);
  useEffect(() => subscribeToConnectionProblems(() => setOpen(true)), []);
  useIdlePrefetch(loadDialog);
  const close = useCallback(() => setOpen(false), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionProblemDialog open={open} close={close} />
    </Suspense>
  );
}
