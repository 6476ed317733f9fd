// The idea-webhook edge function: after a member submits an idea, the browser asks this function
// (with the member's JWT) to pass the idea to the external automation service. The service's URL
// stays a server secret, and only this function stores the feedback the board shows.
//
//   POST { "ideaId": "<uuid>" }  with Authorization: Bearer <member's access token>
//   POST { "ideaId": "<uuid>", "retry": true }  with an admin's (aal2) token: 'Ponów' of 'Stan
//                                  systemu' — a failed call is sent again (admin_retry_idea_webhook
//                                  clears the failed answer; the database checks the right)
//   200 { "feedback": "…" }       the stored feedback: the service's `feedback`, else
//                                  'Dziękujemy za zgłoszenie pomysłu!'; 'Webhook request failed' when
//                                  the service failed, timed out or is not configured
//   400 / 401 / 403 / 404 / 409   bad body / no or invalid token / not the author (a retry: not an
//                                  admin) / no such idea / not pending (a retry: no failed answer);
//                                  { "error": { "code", "message" } }, nothing sent
//   500                           the idea could not be read or the feedback not stored
// Every answer carries CORS headers (the browser calls it cross-origin); OPTIONS is the preflight.
// No answer ever contains the service's URL or an upstream error text.
import { bearerToken, consoleLogger, corsHeaders, jsonResponse, type Logger, preflight } from '../_shared/http.ts';
import type { IdeaRecord, IdeaStore, UserResolver } from './store.ts';
import type { IdeaWebhookSettings } from './settings.ts';
import { noteRequest } from '../_shared/request.ts';

export const FEEDBACK_THANKS = 'Dziękujemy za zgłoszenie pomysłu!';
export const FEEDBACK_FAILED = 'Webhook request failed';
/** public.app_ideas.webhook_response holds at most 5000 characters. */
export const FEEDBACK_MAX_LENGTH = 5000;

export type { Logger };

export interface IdeaWebhookDeps {
  settings: IdeaWebhookSettings;
  users: UserResolver;
  ideas: IdeaStore;
  fetch?: typeof fetch;
  logger?: Logger;
}

/** What the automation service receives: the idea's fields plus its id and author. */
export interface WebhookPayload {
  id: string;
  title: string;
  description: string;
  category: string;
  targetAudience: string;
  monetizationStrategy: string;
  imageUrls: string[];
  submittedBy: string;
  submittedAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The database stores an image as its object path ({uid}/{file}); rows written before issue 21 hold
// a public URL, whose path is kept and whose host is dropped.
const OBJECT_PATH = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199}';
const BARE_PATH = new RegExp(`^(${OBJECT_PATH})$`);
const IMAGE_PATH = new RegExp(`/storage/v1/object/public/idea-images/(${OBJECT_PATH})$`);

function json(request: Request, status: number, body: unknown): Response {
  return jsonResponse(status, body, corsHeaders(request));
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function requireToken(request: Request): string {
  const token = bearerToken(request);
  if (!token) throw new RequestError(401, 'unauthorized', 'Missing bearer token');
  return token;
}

async function bodyFrom(request: Request): Promise<{ ideaId: string; retry: boolean }> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new RequestError(400, 'invalid_body', 'The body must be JSON: { "ideaId": "<uuid>" }');
  }
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const ideaId = fields.ideaId;
  if (
    typeof ideaId !== 'string' ||
    !UUID.test(ideaId) ||
    (fields.retry !== undefined && typeof fields.retry !== 'boolean')
  ) {
    throw new RequestError(400, 'invalid_body', 'The body must be JSON: { "ideaId": "<uuid>" }');
  }
  return { ideaId: ideaId.toLowerCase(), retry: fields.retry === true };
}

/**
 * The payload (pure). Image URLs are rebuilt from their idea-images object paths with this
 * project's own Storage URL, so the service never gets a host a member typed.
 */
export function webhookPayload(idea: IdeaRecord, supabaseUrl: string): WebhookPayload {
  const imageUrls = idea.image_urls.flatMap((url) => {
    const path = BARE_PATH.exec(url)?.[1] ?? IMAGE_PATH.exec(url.split('?')[0] ?? '')?.[1];
    return path ? [`${supabaseUrl}/storage/v1/object/public/idea-images/${path}`] : [];
  });
  return {
    id: idea.id,
    title: idea.title,
    description: idea.description,
    category: idea.category,
    targetAudience: idea.target_audience,
    monetizationStrategy: idea.monetization_strategy,
    imageUrls,
    submittedBy: idea.submitted_by,
    submittedAt: idea.submitted_at,
  };
}

/** The feedback text of the service's answer body (pure): its `feedback`, else the thanks. */
export function feedbackFrom(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return FEEDBACK_THANKS;
  }
  const feedback = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).feedback : null;
  if (typeof feedback !== 'string' || !feedback.trim()) return FEEDBACK_THANKS;
  return Array.from(feedback.trim()).slice(0, FEEDBACK_MAX_LENGTH).join('');
}

export function createIdeaWebhookHandler(deps: IdeaWebhookDeps): (request: Request) => Promise<Response> {
  const { settings, users, ideas } = deps;
  const send = deps.fetch ?? fetch;
  const logger = deps.logger ?? consoleLogger('idea-webhook');

  /** POSTs the idea; the feedback to store, FEEDBACK_FAILED on any failure (logged, never answered). */
  async function callService(idea: IdeaRecord): Promise<string> {
    if (!settings.webhookUrl) {
      logger.error(`idea ${idea.id}: not sent, ${settings.problems.join('; ')}`);
      return FEEDBACK_FAILED;
    }
    try {
      const response = await send(settings.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(webhookPayload(idea, settings.supabaseUrl)),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const body = await response.text();
      if (!response.ok) {
        logger.error(`idea ${idea.id}: the automation service answered ${response.status}`);
        return FEEDBACK_FAILED;
      }
      return feedbackFrom(body);
    } catch (error) {
      const reason = error instanceof DOMException && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      logger.error(`idea ${idea.id}: the automation service ${reason} (${(error as Error).name})`);
      return FEEDBACK_FAILED;
    }
  }

  async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return preflight(request);
    if (request.method !== 'POST') throw new RequestError(405, 'method_not_allowed', 'Use POST');

    const token = requireToken(request);
    const { ideaId, retry } = await bodyFrom(request);
    noteRequest({ target: `idea ${ideaId}` });
    const userId = await users.userIdFromToken(token);
    if (!userId) throw new RequestError(401, 'unauthorized', 'The access token is not valid');
    noteRequest({ actor: userId });

    if (retry) {
      // An admin's 'Ponów': the database decides who may and clears the failed answer.
      const reopened = await ideas.reopen(token, ideaId);
      if (reopened === 'forbidden') throw new RequestError(403, 'auth.forbidden', 'Only an admin can retry');
      if (reopened === 'not_failed') {
        throw new RequestError(409, 'ideas.webhook_not_failed', 'The idea has no failed call to retry');
      }
      logger.info(`idea ${ideaId}: sent again by an admin`);
    }
    const idea = await ideas.find(ideaId);
    if (!idea) throw new RequestError(404, 'ideas.not_found', 'No such idea');
    if (!retry && idea.submitted_by !== userId) {
      throw new RequestError(403, 'ideas.not_author', 'Only the author can send it');
    }
    if (idea.status !== 'pending') throw new RequestError(409, 'ideas.not_pending', 'The idea is no longer pending');
    // Sent already (e.g. a retry after a lost answer): the stored feedback, without a second call.
    if (idea.webhook_response !== null) return json(request, 200, { feedback: idea.webhook_response });

    // One call of the service per idea, whatever the browser repeats: claimed atomically first.
    if (!(await ideas.claim(idea.id))) {
      const current = await ideas.find(idea.id);
      if (current?.webhook_response != null) return json(request, 200, { feedback: current.webhook_response });
      throw new RequestError(409, 'ideas.webhook_in_progress', 'The idea is being sent already');
    }
    const feedback = await callService(idea);
    const stored = await ideas.storeFeedback(idea.id, feedback);
    if (!stored) {
      // A parallel call stored its feedback first, or the idea was reviewed meanwhile.
      const current = await ideas.find(idea.id);
      if (current?.webhook_response != null) return json(request, 200, { feedback: current.webhook_response });
      throw new RequestError(409, 'ideas.not_pending', 'The idea is no longer pending');
    }
    logger.info(`idea ${idea.id}: feedback stored`);
    return json(request, 200, { feedback });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof RequestError) {
        return json(request, error.status, { error: { code: error.code, message: error.message } });
      }
      logger.error(`failed: ${(error as Error).message}`);
      return json(request, 500, { error: { code: 'internal', message: 'The idea could not be processed' } });
    }
  };
}
