import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AppSupabaseClient } from './supabase';

/**
 * What a dashboard section's `prefetch` gets when the member points at or focuses its menu entry:
 * it asks the query client for the section's first reads with the section's own options factories,
 * so the page that opens a moment later finds them in the cache.
 */
export type SectionPrefetchContext = {
  queryClient: QueryClient;
  getClient: () => Promise<AppSupabaseClient>;
  userId: string;
};

/**
 * A section's prefetch. It settles once its reads have answered (or failed: a failed read is read
 * again by the page itself), and never rejects: the menu fires and forgets it, the shell's loader
 * waits for the opened page's (app/shell-reads.ts).
 */
export type SectionPrefetch = (context: SectionPrefetchContext) => Promise<unknown>;

/**
 * How fresh a read must be for a prefetch to leave it alone: pointing at the menu again and again
 * does not read again and again.
 */
export const PREFETCH_STALE_TIME_MS = 30_000;

/**
 * Reads a query ahead unless the cache holds a fresh answer (the factory's own staleTime wins).
 * Settles when the read has answered or failed (at once for a fresh answer); never rejects.
 */
export function prefetchRead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  return queryClient.prefetchQuery({ staleTime: PREFETCH_STALE_TIME_MS, ...options });
}
