// The app's fake automation service for the local stack (scripts/stack/automation.ts), which the
// idea-webhook function posts new ideas to: answers as told, records what it received, and where the
// functions are pointed at it.
import { freePort, memoryLogger } from '@klub/local-supabase';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  automationService,
  DEFAULT_FEEDBACK,
  resolveAutomationUrl,
  startAutomation,
  type AutomationService,
} from '../../scripts/stack/automation.ts';

let service: AutomationService;
const base = () => service.url;

beforeAll(async () => {
  service = await startAutomation({ port: await freePort(), log: memoryLogger() });
});

afterAll(() => service.stop());

async function post(path: string, body: unknown) {
  const response = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const get = async (path: string) => (await fetch(`${base()}${path}`)).json() as Promise<unknown>;

afterEach(async () => {
  await fetch(`${base()}/api/rules`, { method: 'DELETE' });
  await fetch(`${base()}/api/received`, { method: 'DELETE' });
});

describe('fake automation service', () => {
  it('answers a new idea with the default feedback and records what it received', async () => {
    const idea = { id: 'x', title: 'Planer treningów', description: 'Opis' };
    const answer = await post('/webhook/ideas', idea);
    expect(answer).toEqual({
      status: 200,
      body: { feedback: DEFAULT_FEEDBACK.replace('{title}', 'Planer treningów') },
    });
    expect(await get('/api/received')).toMatchObject([{ contentType: 'application/json', body: idea }]);
  });

  it('answers by the newest matching rule: status, feedback (or none) and delay', async () => {
    await post('/api/rules', { titleContains: 'wolny', delayMs: 300, feedback: 'Późno' });
    await post('/api/rules', { titleContains: 'awaria', status: 503, feedback: 'Niedostępne' });
    await post('/api/rules', { titleContains: 'cisza', feedback: null });
    await post('/api/rules', { titleContains: 'błąd', feedback: 'Wystąpił błąd w „{title}”' });
    expect(await post('/webhook/ideas', { title: 'To awaria' })).toEqual({
      status: 503,
      body: { feedback: 'Niedostępne' },
    });
    expect(await post('/webhook/ideas', { title: 'Pełna cisza' })).toEqual({ status: 200, body: {} });
    expect(await post('/webhook/ideas', { title: 'Mały błąd' })).toEqual({
      status: 200,
      body: { feedback: 'Wystąpił błąd w „Mały błąd”' },
    });
    const started = performance.now();
    expect((await post('/webhook/ideas', { title: 'Bardzo wolny' })).body).toEqual({ feedback: 'Późno' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await get('/api/received?title=cisza')).toMatchObject([{ body: { title: 'Pełna cisza' } }]);
  });
});

describe('the fake as a service of the local stack', () => {
  it('listens on the port the stack gives it and points IDEA_WEBHOOK_URL at itself', async () => {
    const port = await freePort();
    const running = await automationService.start({ port, log: memoryLogger() });
    try {
      expect(running.url).toBe(`http://127.0.0.1:${port}`);
      expect(running.functionEnv?.({ IDEA_WEBHOOK_URL: 'http://host.docker.internal:54326/webhook/ideas' })).toEqual({
        IDEA_WEBHOOK_URL: `http://127.0.0.1:${port}/webhook/ideas`,
      });
      expect(((await (await fetch(running.url)).json()) as { webhook: string }).webhook).toBe('POST /webhook/ideas');
    } finally {
      await running.stop();
    }
  });
});

describe('resolveAutomationUrl', () => {
  const target = { url: 'http://127.0.0.1:60326', webhookUrl: 'http://127.0.0.1:60326/webhook/ideas' };
  const resolve = (configured: string | undefined) => resolveAutomationUrl(configured, target);

  it('sends local URLs (supabase/.env is written for `supabase start`) to this stack’s fake', () => {
    expect(resolve('http://host.docker.internal:54326/webhook/ideas')).toBe('http://127.0.0.1:60326/webhook/ideas');
    expect(resolve('http://localhost:1234/hooks/x?y=1')).toBe('http://127.0.0.1:60326/hooks/x?y=1');
    expect(resolve(undefined)).toBe(target.webhookUrl);
  });

  it('keeps a real service’s URL', () => {
    expect(resolve('https://automation.example.com/webhook/abc')).toBe('https://automation.example.com/webhook/abc');
  });
});
