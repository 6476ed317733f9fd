// The Send Email Hook client, as GoTrue's hookshttp dispatcher: a POST of { user, email_data } signed
// with Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature = "v1," + base64
// HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the base64 secret after "v1,whsec_"), 5 s in
// all (cold start, template read and SMTP send included), up to 3 attempts when the hook cannot be
// reached. Any failure fails the auth call with hosted Auth's answer:
//   the 5 s run out                    422 hook_timeout "Failed to reach hook within maximum time of 5.000000 seconds"
//   unreachable 3 times (2 s apart)    422 hook_timeout_after_retry "Failed to reach hook after maximum retries"
//   200/202 without JSON content type  400 hook_payload_invalid_content_type
//   an answer over 200 KB              422 hook_payload_over_size_limit
//   429/503 without Retry-After, 400, 401, other statuses: 500 unexpected_failure with GoTrue's message
//   { "error": { "http_code", "message" } }  that status (500 when absent) and message
// Locally the 500s name the cause after GoTrue's text (e.g. why the function could not start).
import { createHmac, randomUUID } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest, internal, unprocessable } from './errors.ts';
import type { UserJson } from './users.ts';

export type EmailActionType = 'signup' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication' | 'invite';

export interface EmailData {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: EmailActionType;
  site_url: string;
  token_new: string;
  token_hash_new: string;
}

const ATTEMPTS = 3;
const BACKOFF_MS = 2_000;
const RESPONSE_LIMIT = 200 * 1024;

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  if (!secret.startsWith('v1,')) {
    throw internal('Error generating signatures: invalid signature format (the secret must start with "v1,whsec_")');
  }
  const key = Buffer.from(secret.slice(3).replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export async function sendEmailThroughHook(ctx: AuthContext, user: UserJson, data: EmailData): Promise<void> {
  const hook = ctx.config.sendEmailHook;
  if (!hook || !ctx.hookUrl) {
    throw internal(
      'The local stack sends auth e-mails only through the Send Email Hook: enable [auth.hook.send_email] in supabase/config.toml',
    );
  }
  const started = Date.now();
  const label = `send-email hook (${data.email_action_type} → ${String(user.email)})`;
  let body: string;
  try {
    body = await post(ctx.hookUrl, hook.secrets, JSON.stringify({ user, email_data: data }));
  } catch (error) {
    const failure = error instanceof AuthError ? error : internal(`Error running hook URI: ${hook.uri}`);
    ctx.log.error('auth', `${label} failed after ${Date.now() - started} ms: ${failure.code} ${failure.message}`);
    throw failure;
  }
  ctx.log.info('auth', `${label} ok (${Date.now() - started} ms)`);
  const hookError = outputError(body);
  if (hookError) {
    ctx.log.warn('auth', `${label} returned an error: ${hookError.status} ${hookError.message}`);
    throw new AuthError(
      hookError.status,
      hookError.status === 500 ? 'unexpected_failure' : 'unknown',
      hookError.message,
    );
  }
}

/** `{ error: { http_code, message } }` in the hook's answer, if any (GoTrue's hookserrors.Check). */
function outputError(body: string): { status: number; message: string } | undefined {
  if (!body) return undefined;
  let output: { error?: { http_code?: number; message?: string } | null } | null;
  try {
    output = JSON.parse(body) as typeof output;
  } catch {
    throw internal('Error unmarshaling JSON output.');
  }
  const message = output?.error?.message;
  if (!message) return undefined;
  return { status: output?.error?.http_code || 500, message };
}

export const HOOK_TIMEOUT_MS = 5_000;

const timedOut = () =>
  unprocessable(
    'hook_timeout',
    `Failed to reach hook within maximum time of ${(HOOK_TIMEOUT_MS / 1000).toFixed(6)} seconds`,
  );

async function post(url: string, secrets: string[], payload: string): Promise<string> {
  const deadline = Date.now() + HOOK_TIMEOUT_MS;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const headers = signedHeaders(secrets, payload);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      text = await response.text();
    } catch {
      if (Date.now() >= deadline) throw timedOut();
      if (attempt === ATTEMPTS - 1) {
        throw unprocessable('hook_timeout_after_retry', 'Failed to reach hook after maximum retries');
      }
      const left = deadline - Date.now();
      if (left <= BACKOFF_MS) {
        await new Promise((resolve) => setTimeout(resolve, left));
        throw timedOut();
      }
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS));
      continue;
    }
    const result = readResponse(response, text);
    if (result !== 'retry') return result;
  }
  throw internal('Service currently unavailable due to hook');
}

function signedHeaders(secrets: string[], payload: string): Record<string, string> {
  const id = randomUUID();
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'Content-Type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestamp, payload)).join(', '),
    'Accept-Encoding': 'identity',
  };
}

/** The body of a successful answer, 'retry' for 429/503 with Retry-After, or Auth's error. */
function readResponse(response: Response, text: string): string | 'retry' {
  switch (response.status) {
    case 204:
      return '';
    case 200:
    case 202:
      return checkedBody(response, text);
    case 429:
    case 503:
      if (response.headers.get('retry-after')) return 'retry';
      throw internal(`Service currently unavailable due to hook${cause(text)}`);
    case 400:
      throw internal(`Invalid payload sent to hook${cause(text)}`);
    case 401:
      throw internal(`Hook requires authorization token${cause(text)}`);
    default:
      throw internal(`Unexpected status code returned from hook: ${response.status}${cause(text)}`);
  }
}

function checkedBody(response: Response, text: string): string {
  const contentType = response.headers.get('content-type');
  if (!contentType) {
    throw badRequest('hook_payload_invalid_content_type', 'Invalid Content-Type: Missing Content-Type header');
  }
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    throw badRequest(
      'hook_payload_invalid_content_type',
      `Invalid JSON response. Received content-type: ${contentType}`,
    );
  }
  if (Buffer.byteLength(text) > RESPONSE_LIMIT) {
    throw unprocessable('hook_payload_over_size_limit', `Payload size exceeded size limit of ${RESPONSE_LIMIT} bytes`);
  }
  return text;
}

/**
 * Locally only: " (<message>)" of a function's error answer, so a failed sign-up says why (the local
 * stack's BOOT_ERROR names the reason a function could not start). Hosted Auth says no more than
 * its own text.
 */
function cause(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown; error?: unknown }).message;
    return typeof message === 'string' && message ? ` (${message})` : '';
  } catch {
    return '';
  }
}
