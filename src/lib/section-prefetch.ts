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

/** A section's prefetch: fire and forget (a failed read is read again by the page itself). */
export type SectionPrefetch = (context: SectionPrefetchContext) => void;

/**
 * How fresh a read must be for a prefetch to leave it alone: pointing at the menu again and again
 * does not read again and again.
 */
export const PREFETCH_STALE_TIME_MS = 30_000;

/** Reads a query ahead unless the cache holds a fresh answer (the factory's own staleTime wins). */
export function prefetchRead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  void queryClient.prefetchQuery({ staleTime: PREFETCH_STALE_TIME_MS, ...options });
}
