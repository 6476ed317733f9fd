// Answers of a Supabase Auth HTTP hook. Success is 200 with a JSON body (Auth refuses a 200
// without a JSON Content-Type). A failure carries the error object Auth's hooks use,
// { "error": { "http_code", "message" } }, with the same status, so Auth fails the call that
// triggered the hook instead of reporting success.

export class HookError extends Error {
  override name = 'HookError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function hookSuccess(): Response {
  return new Response('{}', { status: 200, headers: JSON_HEADERS });
}

export function hookFailure(status: number, message: string): Response {
  return new Response(JSON.stringify({ error: { http_code: status, message } }), { status, headers: JSON_HEADERS });
}
