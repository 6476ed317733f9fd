import { useState } from 'react';
import type { AdminAreaMessageKey } from '@/i18n/admin';
import { adminErrorMessage } from '../utils/errors';

/**
 * The failure of an admin form's last submit: `attempt` runs the submit's work and, when it throws,
 * keeps the database's reason (or `failure`'s text) for the form's alert; a new attempt clears it.
 */
export function useSubmitFailure(failure: AdminAreaMessageKey) {
  const [error, setError] = useState<string | null>(null);
  const attempt = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (reason) {
      setError(adminErrorMessage(reason, failure));
    }
  };
  return { error, attempt };
}
