// The local stack's fake of the external automation service that receives new ideas (product.md#dashboard-7 Ideas:
// "POST to an external automation service … response field feedback is stored and shown"). The
// idea-webhook edge function posts to it; dev and E2E runs exercise the whole path with it, and tests
// tell it how to answer and read what it received.
//   POST   /webhook/ideas        the webhook: records the request, answers with the first matching rule
//   GET    /api/received         what it received, oldest first (?title= filters by a part of the title)
//   DELETE /api/received         forgets it
//   POST   /api/rules            { titleContains?, status?, feedback?, delayMs? }: the newest rule that
//                                matches an idea's title decides the answer (feedback null: no
//                                feedback field; {title} is replaced by the idea's title)
//   DELETE /api/rules            back to the default answer
//   GET    /                     what this is
// Default answer: 200 { "feedback": "Pomysł „{title}” trafił do automatycznej analizy. …" }.
// It is one of this app's services in local-supabase.config.ts: the stack starts it on the API port
// + 5 (STACK_AUTOMATION_PORT moves it) and points the functions' IDEA_WEBHOOK_URL at it.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { LocalService, Logger } from '@klub/local-supabase';

export const WEBHOOK_PATH = '/webhook/ideas';
export const DEFAULT_FEEDBACK = 'Pomysł „{title}” trafił do automatycznej analizy. Wkrótce otrzymasz ocenę.';

export interface AnswerRule {
  titleContains?: string;
  status?: number;
  /** null: answer without a feedback field. */
  feedback?: string | null;
  delayMs?: number;
}

export interface ReceivedIdea {
  receivedAt: string;
  contentType: string | null;
  body: unknown;
}

export interface AutomationService {
  /** The service's origin, e.g. http://127.0.0.1:54326. */
  url: string;
  /** What the idea-webhook function is given as IDEA_WEBHOOK_URL. */
  webhookUrl: string;
  received: ReceivedIdea[];
  stop(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', 'host.docker.internal', '0.0.0.0']);

/**
 * Where the functions send ideas. A URL written for `supabase start` (host.docker.internal:54326 in
 * supabase/.env) or any other local URL goes to this stack's fake; a real service's URL (set in the
 * shell or supabase/functions/.env) is kept.
 */
export function resolveAutomationUrl(
  configured: string | undefined,
  service: Pick<AutomationService, 'url' | 'webhookUrl'>,
): string {
  if (!configured) return service.webhookUrl;
  let parsed: URL;
  try {
    parsed = new URL(configured);
  } catch {
    return configured;
  }
  if (!LOCAL_HOSTS.has(parsed.hostname)) return configured;
  return `${service.url}${parsed.pathname}${parsed.search}`;
}

function titleOf(body: unknown): string {
  const title = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).title : undefined;
  return typeof title === 'string' ? title : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error(`The body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startAutomation({ port, log }: { port: number; log: Logger }): Promise<AutomationService> {
  const received: ReceivedIdea[] = [];
  let rules: AnswerRule[] = [];

  const webhook = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req, 1024 * 1024);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    received.push({ receivedAt: new Date().toISOString(), contentType: req.headers['content-type'] ?? null, body });
    const title = titleOf(body);
    const rule = rules.find((candidate) => !candidate.titleContains || title.includes(candidate.titleContains)) ?? {};
    log.debug('functions', `automation service: idea "${title}" received`);
    if (rule.delayMs) await sleep(rule.delayMs);
    if (res.destroyed) return;
    const feedback = rule.feedback === undefined ? DEFAULT_FEEDBACK : rule.feedback;
    sendJson(res, rule.status ?? 200, feedback === null ? {} : { feedback: feedback.replaceAll('{title}', title) });
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (method === 'POST' && url.pathname === WEBHOOK_PATH) return webhook(req, res);
    if (url.pathname === '/api/received') {
      if (method === 'GET') {
        const title = url.searchParams.get('title');
        return sendJson(res, 200, title ? received.filter((entry) => titleOf(entry.body).includes(title)) : received);
      }
      if (method === 'DELETE') {
        received.length = 0;
        return sendJson(res, 200, 'ok');
      }
    }
    if (url.pathname === '/api/rules') {
      if (method === 'GET') return sendJson(res, 200, rules);
      if (method === 'POST') {
        const rule = JSON.parse(await readBody(req, 64 * 1024)) as AnswerRule;
        rules = [rule, ...rules];
        return sendJson(res, 201, rule);
      }
      if (method === 'DELETE') {
        rules = [];
        return sendJson(res, 200, 'ok');
      }
    }
    if (method === 'GET' && url.pathname === '/') {
      return sendJson(res, 200, {
        service: 'Local fake of the automation service that receives new ideas',
        webhook: `POST ${WEBHOOK_PATH}`,
        api: ['GET|DELETE /api/received', 'GET|POST|DELETE /api/rules'],
      });
    }
    sendJson(res, 404, { error: `The fake automation service does not serve ${method} ${url.pathname}` });
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 400, { error: (error as Error).message });
    });
  });
  // An EADDRINUSE reaches the stack, which names the port and STACK_AUTOMATION_PORT.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, webhookUrl: `${url}${WEBHOOK_PATH}`, received, stop };
}

/** The fake as a service of the local stack (local-supabase.config.ts). */
export const automationService: LocalService = {
  name: 'automation',
  portOffset: 5,
  description: 'fake service the idea-webhook function posts ideas to',
  async start({ port, log }) {
    const service = await startAutomation({ port, log });
    return {
      url: service.url,
      functionEnv: (configured) => ({ IDEA_WEBHOOK_URL: resolveAutomationUrl(configured.IDEA_WEBHOOK_URL, service) }),
      stop: service.stop,
    };
  },
};
