// The handler with a fake Auth and idea store and a real HTTP server standing in for the automation
// service: who may send, what the service receives, what is stored, and that the service's URL never
// reaches an answer.
import assert from 'node:assert/strict';
import {
  createIdeaWebhookHandler,
  FEEDBACK_FAILED,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_THANKS,
  type IdeaWebhookDeps,
  type Logger,
  type WebhookPayload,
} from './handler.ts';
import type { IdeaWebhookSettings } from './settings.ts';
import type { IdeaRecord, IdeaStore } from './store.ts';

const AUTHOR = '6f1c1f4e-0d6a-4d39-9f0e-1b7c1a2b3c4d';
const OTHER = '0a7d2c3e-5b1f-4c8e-9a6d-2e3f4a5b6c7d';
const IDEA_ID = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const SUPABASE_URL = 'http://127.0.0.1:54321';
const ADMIN = '9b2e4d6f-1a3c-4e5f-8a7b-6c5d4e3f2a1b';
const TOKENS: Record<string, string> = { 'author-token': AUTHOR, 'other-token': OTHER, 'admin-token': ADMIN };

/** The stand-in automation service: answers as told and records every request. */
interface FakeService {
  url: string;
  received: { body: unknown; contentType: string | null }[];
  answer: (request: Request) => Response | Promise<Response>;
  close(): Promise<void>;
}

function startService(answer: FakeService['answer']): FakeService {
  const received: FakeService['received'] = [];
  const service: FakeService = { url: '', received, answer, close: () => Promise.resolve() };
  const controller = new AbortController();
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, signal: controller.signal, onListen: () => {} },
    async (request) => {
      received.push({ body: await request.json(), contentType: request.headers.get('content-type') });
      return service.answer(request);
    },
  );
  service.url = `http://127.0.0.1:${server.addr.port}/webhook/ideas?token=secret-path-token`;
  service.close = async () => {
    controller.abort();
    await server.finished;
  };
  return service;
}

/** A URL nothing listens on (a server was there a moment ago). */
async function deadUrl(): Promise<string> {
  const service = startService(() => new Response('{}'));
  const url = service.url;
  await service.close();
  return url;
}

function idea(overrides: Partial<IdeaRecord> = {}): IdeaRecord {
  return {
    id: IDEA_ID,
    title: 'Aplikacja do wspólnych zakupów',
    description: 'Lista zakupów współdzielona przez domowników.',
    category: 'lifestyle',
    target_audience: 'Rodziny',
    monetization_strategy: 'Freemium',
    submitted_by: AUTHOR,
    submitted_at: '2026-11-24T10:00:00.000Z',
    status: 'pending',
    image_urls: [],
    webhook_response: null,
    ...overrides,
  };
}

function memoryStore(
  initial: IdeaRecord | null,
): IdeaStore & { current: IdeaRecord | null; writes: string[]; claims: number; claimed: boolean; reopens: string[] } {
  const store = {
    current: initial,
    writes: [] as string[],
    claims: 0,
    claimed: false,
    find: (id: string) => Promise.resolve(store.current && store.current.id === id ? { ...store.current } : null),
    claim(id: string) {
      // As claim_idea_webhook: one caller gets a pending idea without feedback.
      store.claims += 1;
      const row = store.current;
      if (!row || row.id !== id || row.status !== 'pending' || row.webhook_response !== null || store.claimed) {
        return Promise.resolve(false);
      }
      store.claimed = true;
      return Promise.resolve(true);
    },
    reopens: [] as string[],
    reopen(token: string, id: string) {
      // As admin_retry_idea_webhook: an admin's token only; a pending idea whose call failed.
      store.reopens.push(token);
      if (TOKENS[token] !== ADMIN) return Promise.resolve('forbidden' as const);
      const row = store.current;
      if (!row || row.id !== id || row.status !== 'pending' || row.webhook_response !== FEEDBACK_FAILED) {
        return Promise.resolve('not_failed' as const);
      }
      row.webhook_response = null;
      store.claimed = false;
      return Promise.resolve('reopened' as const);
    },
    storeFeedback(id: string, feedback: string) {
      store.writes.push(feedback);
      const row = store.current;
      if (!row || row.id !== id || row.status !== 'pending' || row.webhook_response !== null) {
        return Promise.resolve(false);
      }
      row.webhook_response = feedback;
      return Promise.resolve(true);
    },
  };
  return store;
}

function settings(overrides: Partial<IdeaWebhookSettings> = {}): IdeaWebhookSettings {
  return {
    webhookUrl: 'http://127.0.0.1:9/unused',
    timeoutMs: 2000,
    supabaseUrl: SUPABASE_URL,
    anonKey: 'anon-key',
    serviceRoleKey: 'service-role-key',
    problems: [],
    ...overrides,
  };
}

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), error: (line) => lines.push(line) };
}

function setup(options: { idea?: IdeaRecord | null; settings?: Partial<IdeaWebhookSettings> } = {}) {
  const ideas = memoryStore(options.idea === undefined ? idea() : options.idea);
  const logger = recordingLogger();
  const deps: IdeaWebhookDeps = {
    settings: settings(options.settings),
    users: { userIdFromToken: (token) => Promise.resolve(TOKENS[token] ?? null) },
    ideas,
    logger,
  };
  return { handler: createIdeaWebhookHandler(deps), ideas, logger };
}

function call(
  handler: (request: Request) => Promise<Response>,
  options: { token?: string | null; body?: unknown; method?: string } = {},
) {
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:5173' });
  const token = options.token === undefined ? 'author-token' : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const method = options.method ?? 'POST';
  return handler(
    new Request('http://127.0.0.1/functions/v1/idea-webhook', {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(options.body ?? { ideaId: IDEA_ID }) : undefined,
    }),
  );
}

async function answer(response: Response): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const text = await response.text();
  assert.equal(response.headers.get('access-control-allow-origin'), '*', 'every answer allows the browser to read it');
  return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

// --- who may send ----------------------------------------------------------------------------

Deno.test('not the author: 403, nothing sent, nothing stored', async () => {
  const service = startService(() => Response.json({ feedback: 'Świetne!' }));
  try {
    const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
    const result = await answer(await call(handler, { token: 'other-token' }));
    assert.equal(result.status, 403);
    assert.deepEqual(result.body, { error: { code: 'ideas.not_author', message: 'Only the author can send it' } });
    assert.equal(service.received.length, 0);
    assert.deepEqual(ideas.writes, []);
  } finally {
    await service.close();
  }
});

Deno.test('not pending (approved or rejected): 409, nothing sent, nothing stored', async () => {
  const service = startService(() => Response.json({ feedback: 'Świetne!' }));
  try {
    for (const status of ['approved', 'rejected'] as const) {
      const { handler, ideas } = setup({ idea: idea({ status }), settings: { webhookUrl: service.url } });
      const result = await answer(await call(handler));
      assert.equal(result.status, 409);
      assert.equal((result.body.error as { code: string }).code, 'ideas.not_pending');
      assert.deepEqual(ideas.writes, []);
    }
    assert.equal(service.received.length, 0);
  } finally {
    await service.close();
  }
});

Deno.test('no token, an invalid token, a bad body or an unknown idea: 401, 401, 400, 404', async () => {
  const { handler, ideas } = setup();
  assert.equal((await answer(await call(handler, { token: null }))).status, 401);
  assert.equal((await answer(await call(handler, { token: 'forged' }))).status, 401);
  assert.equal((await answer(await call(handler, { body: { ideaId: 'not-a-uuid' } }))).status, 400);
  assert.equal((await answer(await call(handler, { body: ['x'] }))).status, 400);
  const unknown = await answer(await call(handler, { body: { ideaId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' } }));
  assert.equal(unknown.status, 404);
  assert.deepEqual(ideas.writes, []);
});

Deno.test('CORS: OPTIONS is the preflight (no token needed); other methods are refused', async () => {
  const { handler } = setup();
  const preflight = await handler(
    new Request('http://127.0.0.1/functions/v1/idea-webhook', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type' },
    }),
  );
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.equal(
    preflight.headers.get('access-control-allow-headers'),
    'authorization, x-client-info, apikey, content-type',
  );
  assert.equal((await answer(await call(handler, { method: 'GET' }))).status, 405);
});

// --- what the service gets and what is stored ------------------------------------------------------

Deno.test('parallel calls for one idea post it once: the idea is claimed before the service is called', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const service = startService(async () => {
    await gate;
    return Response.json({ feedback: 'Świetny pomysł.' });
  });
  try {
    const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
    const calls = Promise.all([call(handler), call(handler), call(handler)]);
    // Let every call reach the service (or be turned away), then answer.
    while (ideas.claims < 3 && service.received.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    const results = await Promise.all((await calls).map(answer));
    assert.equal(service.received.length, 1);
    assert.equal(results.filter((result) => result.status === 200).length, 1);
    for (const result of results.filter((one) => one.status !== 200)) {
      assert.equal(result.status, 409);
      assert.deepEqual((result.body.error as { code: string }).code, 'ideas.webhook_in_progress');
    }
    assert.equal(ideas.current?.webhook_response, 'Świetny pomysł.');
  } finally {
    release();
    await service.close();
  }
});

Deno.test('posts the idea fields with id and submittedBy, stores and returns the feedback', async () => {
  const service = startService(() => Response.json({ feedback: '  Świetny pomysł, analizujemy rynek.  ' }));
  try {
    // The stored object paths (issue 21), and URLs of rows written before (the host is dropped).
    const images = [
      `https://evil.example.test/storage/v1/object/public/idea-images/${AUTHOR}/1700000000-a.png`,
      `${SUPABASE_URL}/storage/v1/object/public/idea-images/${AUTHOR}/1700000000-b.webp`,
      `${AUTHOR}/1700000000-c.jpg`,
    ];
    const { handler, ideas } = setup({ idea: idea({ image_urls: images }), settings: { webhookUrl: service.url } });
    const result = await answer(await call(handler));
    assert.equal(result.status, 200);
    assert.deepEqual(result.body, { feedback: 'Świetny pomysł, analizujemy rynek.' });
    assert.equal(ideas.current?.webhook_response, 'Świetny pomysł, analizujemy rynek.');
    assert.equal(service.received.length, 1);
    const [{ body, contentType }] = service.received as [{ body: WebhookPayload; contentType: string }];
    assert.equal(contentType, 'application/json');
    assert.deepEqual(body, {
      id: IDEA_ID,
      title: 'Aplikacja do wspólnych zakupów',
      description: 'Lista zakupów współdzielona przez domowników.',
      category: 'lifestyle',
      targetAudience: 'Rodziny',
      monetizationStrategy: 'Freemium',
      // Rebuilt from the object paths with this project's Storage URL: a typed host never leaves.
      imageUrls: [
        `${SUPABASE_URL}/storage/v1/object/public/idea-images/${AUTHOR}/1700000000-a.png`,
        `${SUPABASE_URL}/storage/v1/object/public/idea-images/${AUTHOR}/1700000000-b.webp`,
        `${SUPABASE_URL}/storage/v1/object/public/idea-images/${AUTHOR}/1700000000-c.jpg`,
      ],
      submittedBy: AUTHOR,
      submittedAt: '2026-11-24T10:00:00.000Z',
    });
  } finally {
    await service.close();
  }
});

Deno.test('a feedback containing "błąd" is stored as it is (the page shows it in red)', async () => {
  const service = startService(() => Response.json({ feedback: 'Wystąpił błąd walidacji opisu' }));
  try {
    const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
    assert.deepEqual((await answer(await call(handler))).body, { feedback: 'Wystąpił błąd walidacji opisu' });
    assert.equal(ideas.current?.webhook_response, 'Wystąpił błąd walidacji opisu');
  } finally {
    await service.close();
  }
});

Deno.test('a service that gives no feedback: the thanks are stored', async () => {
  const answers = [
    () => Response.json({}),
    () => Response.json({ feedback: '   ' }),
    () => Response.json({ feedback: 42 }),
    () => new Response('OK', { status: 200 }),
    () => new Response(null, { status: 204 }),
  ];
  for (const reply of answers) {
    const service = startService(reply);
    try {
      const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
      assert.deepEqual((await answer(await call(handler))).body, { feedback: FEEDBACK_THANKS });
      assert.equal(ideas.current?.webhook_response, FEEDBACK_THANKS);
    } finally {
      await service.close();
    }
  }
});

Deno.test('a very long feedback is cut to what the column holds', async () => {
  const service = startService(() => Response.json({ feedback: 'ą'.repeat(FEEDBACK_MAX_LENGTH + 10) }));
  try {
    const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
    await answer(await call(handler));
    assert.equal(ideas.current?.webhook_response, 'ą'.repeat(FEEDBACK_MAX_LENGTH));
  } finally {
    await service.close();
  }
});

// --- failures of the service ----------------------------------------------------------------------

Deno.test('service down: "Webhook request failed" is stored and returned, the URL in no answer', async () => {
  const url = await deadUrl();
  const { handler, ideas, logger } = setup({ settings: { webhookUrl: url } });
  const result = await answer(await call(handler));
  assert.equal(result.status, 200);
  assert.deepEqual(result.body, { feedback: FEEDBACK_FAILED });
  assert.equal(ideas.current?.webhook_response, FEEDBACK_FAILED);
  assert.ok(!result.text.includes('127.0.0.1'), 'no host in the answer');
  assert.ok(!logger.lines.join('\n').includes(url), 'not even in the log');
});

Deno.test('service slow (past the timeout): "Webhook request failed" is stored', async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  const service = startService(async () => {
    await slow;
    return Response.json({ feedback: 'Za późno' });
  });
  try {
    const { handler, ideas, logger } = setup({ settings: { webhookUrl: service.url, timeoutMs: 150 } });
    const started = performance.now();
    const result = await answer(await call(handler));
    assert.ok(performance.now() - started < 2000, 'answers soon after the timeout');
    assert.deepEqual(result.body, { feedback: FEEDBACK_FAILED });
    assert.equal(ideas.current?.webhook_response, FEEDBACK_FAILED);
    assert.match(logger.lines.join('\n'), /timed out/);
  } finally {
    release();
    await service.close();
  }
});

Deno.test('service errors (4xx/5xx): "Webhook request failed" is stored, its body never passed on', async () => {
  for (const status of [400, 500, 503]) {
    const service = startService(() => Response.json({ feedback: `Tajne ${service.url}` }, { status }));
    try {
      const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
      const result = await answer(await call(handler));
      assert.deepEqual(result.body, { feedback: FEEDBACK_FAILED });
      assert.equal(ideas.current?.webhook_response, FEEDBACK_FAILED);
      assert.ok(!result.text.includes('Tajne'));
    } finally {
      await service.close();
    }
  }
});

Deno.test('no webhook URL configured: "Webhook request failed" is stored and the cause logged', async () => {
  const { handler, ideas, logger } = setup({
    settings: { webhookUrl: '', problems: ['IDEA_WEBHOOK_URL is not set'] },
  });
  assert.deepEqual((await answer(await call(handler))).body, { feedback: FEEDBACK_FAILED });
  assert.equal(ideas.current?.webhook_response, FEEDBACK_FAILED);
  assert.match(logger.lines.join('\n'), /IDEA_WEBHOOK_URL is not set/);
});

Deno.test('the URL never appears in any answer, whatever happens', async () => {
  const service = startService(() => Response.json({ feedback: 'ok' }));
  try {
    const scenarios: { idea?: IdeaRecord | null; token?: string | null; body?: unknown }[] = [
      {},
      { token: 'other-token' },
      { idea: idea({ status: 'approved' }) },
      { idea: null },
      { token: null },
      { body: 'x' },
      { idea: idea({ webhook_response: 'Już wysłano' }) },
    ];
    for (const scenario of scenarios) {
      const { handler } = setup({ idea: scenario.idea, settings: { webhookUrl: service.url } });
      const response = await call(handler, { token: scenario.token, body: scenario.body });
      const text = await response.text();
      const headers = [...response.headers].join('\n');
      for (const secret of [service.url, new URL(service.url).host, 'secret-path-token']) {
        assert.ok(!text.includes(secret) && !headers.includes(secret), `answer to ${JSON.stringify(scenario)}`);
      }
    }
  } finally {
    await service.close();
  }
});

// --- repeated calls ----------------------------------------------------------------------------

Deno.test('a second call returns the stored feedback without calling the service again', async () => {
  const service = startService(() => Response.json({ feedback: 'Pierwsza odpowiedź' }));
  try {
    const { handler } = setup({ settings: { webhookUrl: service.url } });
    assert.deepEqual((await answer(await call(handler))).body, { feedback: 'Pierwsza odpowiedź' });
    assert.deepEqual((await answer(await call(handler))).body, { feedback: 'Pierwsza odpowiedź' });
    assert.equal(service.received.length, 1);
  } finally {
    await service.close();
  }
});

Deno.test('a store failure answers 500 without details', async () => {
  const service = startService(() => Response.json({ feedback: 'ok' }));
  try {
    const { handler, ideas } = setup({ settings: { webhookUrl: service.url } });
    ideas.storeFeedback = () => Promise.reject(new Error(`connection to ${service.url} refused`));
    const result = await answer(await call(handler));
    assert.equal(result.status, 500);
    assert.deepEqual(result.body, { error: { code: 'internal', message: 'The idea could not be processed' } });
  } finally {
    await service.close();
  }
});

// --- an admin's retry ('Ponów' in 'Stan systemu') ----------------------------------------------

Deno.test("an admin's retry sends a failed idea again and stores the new answer", async () => {
  const service = startService(() => Response.json({ feedback: 'Teraz działa' }));
  try {
    const { handler, ideas } = setup({
      idea: idea({ webhook_response: FEEDBACK_FAILED }),
      settings: { webhookUrl: service.url },
    });
    const result = await answer(await call(handler, { token: 'admin-token', body: { ideaId: IDEA_ID, retry: true } }));
    assert.deepEqual([result.status, result.body], [200, { feedback: 'Teraz działa' }]);
    assert.equal(service.received.length, 1);
    assert.equal(ideas.current?.webhook_response, 'Teraz działa');
    assert.deepEqual(ideas.reopens, ['admin-token']);
  } finally {
    await service.close();
  }
});

Deno.test('a retry by anyone but an admin, or of an idea without a failed call: refused, nothing sent', async () => {
  const service = startService(() => Response.json({ feedback: 'x' }));
  try {
    const failed = setup({ idea: idea({ webhook_response: FEEDBACK_FAILED }), settings: { webhookUrl: service.url } });
    // The author may not retry either: the database decides, with the caller's token.
    for (const token of ['author-token', 'other-token']) {
      const refused = await answer(await call(failed.handler, { token, body: { ideaId: IDEA_ID, retry: true } }));
      assert.equal(refused.status, 403);
    }
    assert.equal(failed.ideas.current?.webhook_response, FEEDBACK_FAILED);
    const answered = setup({ idea: idea({ webhook_response: 'Dziękujemy' }), settings: { webhookUrl: service.url } });
    const conflict = await answer(
      await call(answered.handler, { token: 'admin-token', body: { ideaId: IDEA_ID, retry: true } }),
    );
    assert.deepEqual(
      [conflict.status, (conflict.body.error as { code: string }).code],
      [409, 'ideas.webhook_not_failed'],
    );
    const bad = await answer(
      await call(answered.handler, { token: 'admin-token', body: { ideaId: IDEA_ID, retry: 'yes' } }),
    );
    assert.equal(bad.status, 400);
    assert.equal(service.received.length, 0);
  } finally {
    await service.close();
  }
});
