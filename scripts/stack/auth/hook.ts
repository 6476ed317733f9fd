// The Send Email Hook client, as GoTrue's v0http dispatcher: a POST of { user, email_data } signed with
// Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature = "v1," + base64 HMAC-SHA256 of
// "<id>.<timestamp>.<body>" keyed with the base64 secret after "v1,whsec_"), 5 s in total, up to 3
// attempts when the hook cannot be reached. Any failure fails the auth call, as on Supabase:
// transport and status failures become 500 "Error running hook URI: …"; a hook that answers
// { "error": { "http_code", "message" } } fails the call with that status and message.
import { createHmac, randomUUID } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { AuthError, internal } from './errors.ts';
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

const TIMEOUT_MS = 5_000;
const ATTEMPTS = 3;
const BACKOFF_MS = 2_000;
const RESPONSE_LIMIT = 200 * 1024;

/** Why the hook call failed (logged; the client sees GoTrue's generic message). */
class HookFailure extends Error {}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  if (!secret.startsWith('v1,'))
    throw new HookFailure('invalid signature format (the secret must start with "v1,whsec_")');
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
    ctx.log.error('auth', `${label} failed: ${(error as Error).message}`);
    // GoTrue says only "Error running hook URI"; locally the reason is added, so a developer sees in
    // the failed sign-up itself why (e.g. the send-email function could not start, and why).
    throw internal(`Error running hook URI: ${hook.uri} (${(error as Error).message})`);
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

/** `{ error: { http_code, message } }` in the hook's answer, if any. */
function outputError(body: string): { status: number; message: string } | undefined {
  if (!body) return undefined;
  const output = JSON.parse(body) as { error?: { http_code?: number; message?: string } } | null;
  const message = output?.error?.message;
  if (!message) return undefined;
  return { status: output?.error?.http_code || 500, message };
}

async function post(url: string, secrets: string[], payload: string): Promise<string> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const headers = signedHeaders(secrets, payload);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
    } catch (error) {
      if (Date.now() >= deadline) throw new HookFailure(`Failed to reach hook within maximum time of 5 seconds`);
      if (attempt === ATTEMPTS - 1)
        throw new HookFailure(`Failed to reach hook after maximum retries (${describe(error)})`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(BACKOFF_MS, Math.max(0, deadline - Date.now()))));
      continue;
    }
    const result = await readResponse(response);
    if (result !== 'retry') return result;
  }
  throw new HookFailure('Service currently unavailable due to hook');
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

/** The body of a successful answer, 'retry' for 429/503 with Retry-After, or a HookFailure. */
async function readResponse(response: Response): Promise<string | 'retry'> {
  const text = await response.text();
  switch (response.status) {
    case 200:
    case 202:
    case 204:
      return checkedBody(response, text);
    case 429:
    case 503:
      if (response.headers.get('retry-after')) return 'retry';
      throw new HookFailure(`Service currently unavailable due to hook${cause(text)}`);
    case 400:
      throw new HookFailure(`Invalid payload sent to hook (400: ${text.slice(0, 200)})`);
    case 401:
      throw new HookFailure(`Hook requires authorization token (401: ${text.slice(0, 200)})`);
    default:
      throw new HookFailure(`Unexpected status code returned from hook: ${response.status} (${text.slice(0, 200)})`);
  }
}

function checkedBody(response: Response, text: string): string {
  const contentType = response.headers.get('content-type');
  if (!contentType) {
    if (response.status === 204) return '';
    throw new HookFailure('Invalid Content-Type: Missing Content-Type header');
  }
  if (contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    throw new HookFailure(`Invalid JSON response. Received content-type: ${contentType}`);
  }
  if (text.length > RESPONSE_LIMIT) throw new HookFailure('Payload size exceeded size limit of 204800 bytes');
  try {
    JSON.parse(text);
  } catch (error) {
    throw new HookFailure(`Error unmarshaling JSON output. (${(error as Error).message})`);
  }
  return text;
}

/** ": <message>" of a function's error answer (the local stack's BOOT_ERROR names the cause). */
function cause(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' && message ? `: ${message}` : '';
  } catch {
    return '';
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
