// Answers of a Supabase Auth HTTP hook. Success is 200 with a JSON body (Auth refuses a 200
// without a JSON Content-Type). A failure carries the error object Auth's hooks use,
// { "error": { "http_code", "message" } }, in a 200 answer: Supabase Auth reads that object only
// from a 2xx and then fails the call that triggered the hook with this status and message (a non-2xx
// body is ignored and becomes a bare 500). Requests that are not the hook's at all (bad signature,
// wrong method) get their real status.
import { jsonResponse } from './http.ts';

export class HookError extends Error {
  override name = 'HookError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function hookSuccess(): Response {
  return jsonResponse(200, {});
}

/** Statuses answered as such: the caller is not Supabase Auth's hook (or not as it should be). */
const TRANSPORT_STATUSES = new Set([401, 405]);

export function hookFailure(status: number, message: string): Response {
  const transport = TRANSPORT_STATUSES.has(status) ? status : 200;
  return jsonResponse(transport, { error: { http_code: status, message } });
}
