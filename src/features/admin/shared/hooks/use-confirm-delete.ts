import { useState } from 'react';
import type { AdminAreaMessageKey } from '@/i18n/admin';
import { adminErrorMessage } from '../utils/errors';

export type ConfirmDelete<T> = {
  /** The row waiting for confirmation, or null when no confirmation is open. */
  target: T | null;
  /** The failure of the last attempt, shown in the dialog (which stays open). */
  error: string | null;
  open: (item: T) => void;
  close: () => void;
  confirm: () => Promise<void>;
};

/**
 * A delete behind a confirmation: which row asks, the failure of the last attempt (the database's
 * reason or `failure`'s text), and closing once `remove` (the delete with its toasts) succeeds.
 */
export function useConfirmDelete<T>(
  remove: (item: T) => Promise<void>,
  failure: AdminAreaMessageKey,
): ConfirmDelete<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setTarget(null);
    setError(null);
  };

  const confirm = async () => {
    if (target === null) return;
    setError(null);
    try {
      await remove(target);
      close();
    } catch (reason) {
      setError(adminErrorMessage(reason, failure));
    }
  };

  return { target, error, open: (item) => setTarget(() => item), close, confirm };
}
