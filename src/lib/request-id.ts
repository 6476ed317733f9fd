/**
 * One request id from the member's click to the function's log and the audit row (issue 40 §3).
 * Every call supabase-js makes carries a W3C `traceparent` (a new trace each time) and the same
 * trace id as `x-request-id` (what the database's audit and outbox rows read from PostgREST's
 * request headers; the edge functions take the traceparent's trace id as theirs). The id of the
 * last call that failed is kept, so the error the fetcher throws can name it ('identyfikator
 * zdarzenia', lib/errors.ts).
 */

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new trace: its id (32 hex digits, the request id) and the traceparent header that carries it. */
export function newTrace(): { id: string; traceparent: string } {
  const id = randomHex(16);
  return { id, traceparent: `00-${id}-${randomHex(8)}-01` };
}

/** How long a failure's id may be claimed by the error built from it (the fetcher unwraps at once). */
const FRESH_MS = 5_000;

let lastFailed: { id: string; at: number } | undefined;

/**
 * The id of the last call that failed (no answer, or an HTTP error) in the last few seconds, once:
 * reading it forgets it, so an older failure never lends its id to a later error.
 */
export function takeFailedRequestId(now = Date.now()): string | undefined {
  const failed = lastFailed;
  lastFailed = undefined;
  return failed && now - failed.at <= FRESH_MS ? failed.id : undefined;
}

/** `fetch` that sends a traceparent and x-request-id with every call and remembers the id of a failure. */
export function tracingFetch(base: typeof fetch = (...args) => globalThis.fetch(...args)): typeof fetch {
  return async (input, init) => {
    const { id, traceparent } = newTrace();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('traceparent', traceparent);
    headers.set('x-request-id', id);
    try {
      const response = await base(input, { ...init, headers });
      if (!response.ok) lastFailed = { id, at: Date.now() };
      return response;
    } catch (error) {
      lastFailed = { id, at: Date.now() };
      throw error;
    }
  };
}
