import assert from 'node:assert/strict';
import { DEFAULT_TIMEOUT_MS, settingsFromEnv } from './settings.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];
const base = {
  SUPABASE_URL: 'http://127.0.0.1:54321/',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
};

Deno.test('reads the webhook URL, the timeout and Supabase’s variables', () => {
  const settings = settingsFromEnv(
    env({ ...base, IDEA_WEBHOOK_URL: ' https://hooks.example.test/ideas ', IDEA_WEBHOOK_TIMEOUT_MS: '2500' }),
  );
  assert.deepEqual(settings, {
    webhookUrl: 'https://hooks.example.test/ideas',
    timeoutMs: 2500,
    supabaseUrl: 'http://127.0.0.1:54321',
    anonKey: 'anon',
    serviceRoleKey: 'service',
    problems: [],
  });
});

Deno.test('names what is missing or malformed', () => {
  assert.deepEqual(settingsFromEnv(env({})).problems, [
    'IDEA_WEBHOOK_URL is not set',
    'SUPABASE_URL is not set',
    'SUPABASE_ANON_KEY is not set',
    'SUPABASE_SERVICE_ROLE_KEY is not set',
  ]);
  const bad = settingsFromEnv(env({ ...base, IDEA_WEBHOOK_URL: 'ftp://x', IDEA_WEBHOOK_TIMEOUT_MS: 'soon' }));
  assert.equal(bad.webhookUrl, '');
  assert.equal(bad.timeoutMs, DEFAULT_TIMEOUT_MS);
  assert.deepEqual(bad.problems, [
    'IDEA_WEBHOOK_URL is not an http(s) URL',
    'IDEA_WEBHOOK_TIMEOUT_MS is not a positive integer',
  ]);
});
