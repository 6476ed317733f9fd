import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { reportConnectionProblem } from './connection-problem';
import { getErrorStatus, isConnectionProblem } from './errors';

/** Query defaults (product.md#account-9, product.md#dashboard-7): 3 retries, delay doubling from 1 s up to 30 s. */
export const MAX_QUERY_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** Retries up to 3 times, but never a client error (4xx): asking again will not change the answer. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** `attempt` counts failures so far, starting at 0: 1 s, 2 s, 4 s, … capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

function reportIfConnectionProblem(error: unknown): void {
  if (isConnectionProblem(error)) reportConnectionProblem(error);
}

/** The app's QueryClient. Tests pass overrides (e.g. `{ queries: { retry: false } }`). */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportIfConnectionProblem }),
    mutationCache: new MutationCache({ onError: reportIfConnectionProblem }),
    defaultOptions: {
      ...overrides,
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        ...overrides.queries,
      },
      mutations: {
        // Writes are not idempotent: never repeated behind the user's back.
        retry: false,
        // Offline, an action is tried at once and fails with the spec's network message, instead of
        // waiting (spinning) for the connection; reads (networkMode 'online') pause and resume.
        networkMode: 'always',
        ...overrides.mutations,
      },
    },
  });
}
