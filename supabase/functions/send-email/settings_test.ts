import assert from 'node:assert/strict';
import { settingsFromEnv } from './settings.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

const complete = {
  SEND_EMAIL_HOOK_SECRET: 'v1,whsec_c2VjcmV0',
  SUPABASE_URL: 'http://127.0.0.1:54321/',
  SUPABASE_SERVICE_ROLE_KEY: 'key',
};

Deno.test('settingsFromEnv reads the required variables and derives origins', () => {
  const settings = settingsFromEnv(
    env({
      ...complete,
      SITE_URL: 'http://127.0.0.1:5173/some/path',
      ALLOWED_REDIRECT_ORIGINS: 'http://localhost:5173/activate, https://klub.example.com  http://127.0.0.1:4173',
    }),
  );
  assert.deepEqual(settings, {
    hookSecret: 'v1,whsec_c2VjcmV0',
    supabaseUrl: 'http://127.0.0.1:54321',
    serviceRoleKey: 'key',
    siteOrigin: 'http://127.0.0.1:5173',
    allowedRedirectOrigins: ['http://localhost:5173', 'https://klub.example.com', 'http://127.0.0.1:4173'],
    problems: [],
  });
});

Deno.test('settingsFromEnv names every missing or malformed variable', () => {
  assert.deepEqual(settingsFromEnv(env({})).problems, [
    'SEND_EMAIL_HOOK_SECRET is not set',
    'SUPABASE_URL is not set',
    'SUPABASE_SERVICE_ROLE_KEY is not set',
  ]);
  assert.deepEqual(
    settingsFromEnv(env({ ...complete, SITE_URL: 'klub', ALLOWED_REDIRECT_ORIGINS: 'ftp://x' })).problems,
    ['SITE_URL is not an http(s) URL', 'ALLOWED_REDIRECT_ORIGINS has an entry that is not an http(s) URL: ftp://x'],
  );
});
