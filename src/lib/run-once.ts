/**
 * Query options for a "query" that performs a one-time action, such as verifying an e-mailed link
 * (a token can be used once): it runs once per key and its outcome is kept for the page's life —
 * no automatic retries, never stale, never refetched on focus, reconnect or remount (StrictMode,
 * the router rebuilding). A retry happens only when the user asks for one (`refetch`).
 */
export const RUN_ONCE = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;
