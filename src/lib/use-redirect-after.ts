import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where a delayed redirect goes; `state` is the router's location state (plain data, e.g. a notice). */
export type RedirectTarget = { to: string; state?: unknown };

/**
 * Goes to `target` (replacing the history entry) `delayMs` after the target is set; nothing while
 * it is null. A different target starts the wait again; leaving the page cancels it. The
 * activation, reset-password and not-found pages redirect this way (product.md#account-9).
 */
export function useRedirectAfter(delayMs: number, target: RedirectTarget | null): void {
  const navigate = useNavigate();
  // Compared by value: a new object with the same content keeps the running wait.
  const key = target ? JSON.stringify(target) : null;
  useEffect(() => {
    if (key === null) return;
    const { to, state } = JSON.parse(key) as RedirectTarget;
    const timer = window.setTimeout(() => void navigate(to, { replace: true, state }), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs, navigate]);
}
