// The fake automation service the idea-webhook function posts new ideas to: answers as told,
// records what it received, and where the functions are pointed at it.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEEDBACK, resolveAutomationUrl, type AutomationService } from '../src/automation/index.ts';
import { stack } from './helpers/clients.ts';

const base = () => stack().automationUrl;

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

describe('resolveAutomationUrl', () => {
  const service = { url: 'http://127.0.0.1:60326', webhookUrl: 'http://127.0.0.1:60326/webhook/ideas' };
  const resolve = (configured: string | undefined) => resolveAutomationUrl(configured, service as AutomationService);

  it('sends local URLs (supabase/.env is written for `supabase start`) to this stack’s fake', () => {
    expect(resolve('http://host.docker.internal:54326/webhook/ideas')).toBe('http://127.0.0.1:60326/webhook/ideas');
    expect(resolve('http://localhost:1234/hooks/x?y=1')).toBe('http://127.0.0.1:60326/hooks/x?y=1');
    expect(resolve(undefined)).toBe(service.webhookUrl);
  });

  it('keeps a real service’s URL', () => {
    expect(resolve('https://automation.example.com/webhook/abc')).toBe('https://automation.example.com/webhook/abc');
  });
});
