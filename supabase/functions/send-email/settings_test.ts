import assert from 'node:assert/strict';
import { COMMITTED_LOCAL_SECRET, isLocalStackUrl, settingsFromEnv, usesCommittedLocalSecret } from './settings.ts';

const env = (values: Record<string, string>) => (name: string) => values[name];

const complete = {
  SEND_EMAIL_HOOK_SECRET: 'v1,whsec_c2VjcmV0',
  SUPABASE_URL: 'http://127.0.0.1:54321/',
  SUPABASE_SERVICE_ROLE_KEY: 'key',
  SITE_URL: 'http://127.0.0.1:5173',
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
    smtpPolicy: { allowedPorts: [25, 465, 587, 2525], allowPrivateHosts: false },
    problems: [],
  });
});

Deno.test('SMTP_ALLOW_PRIVATE_HOSTS is refused for a hosted project, read on a local stack', () => {
  const hosted = { ...complete, SUPABASE_URL: 'https://abcd.supabase.co', SMTP_ALLOW_PRIVATE_HOSTS: 'true' };
  assert.deepEqual(settingsFromEnv(env(hosted)).problems, [
    'SMTP_ALLOW_PRIVATE_HOSTS is for local stacks only: remove it from a hosted project',
  ]);
  const local = settingsFromEnv(env({ ...complete, SMTP_ALLOW_PRIVATE_HOSTS: 'true', SMTP_ALLOWED_PORTS: '587' }));
  assert.deepEqual(local.problems, []);
  assert.deepEqual(local.smtpPolicy, { allowedPorts: [587], allowPrivateHosts: true });
});

Deno.test('settingsFromEnv names every missing or malformed variable (SITE_URL is required)', () => {
  assert.deepEqual(settingsFromEnv(env({})).problems, [
    'SEND_EMAIL_HOOK_SECRET is not set',
    'SUPABASE_URL is not set',
    'SUPABASE_SERVICE_ROLE_KEY is not set',
    'SITE_URL is not set',
  ]);
  assert.deepEqual(
    settingsFromEnv(env({ ...complete, SITE_URL: 'klub', ALLOWED_REDIRECT_ORIGINS: 'ftp://x' })).problems,
    ['SITE_URL is not an http(s) URL', 'ALLOWED_REDIRECT_ORIGINS has an entry that is not an http(s) URL: ftp://x'],
  );
});

Deno.test('the committed local hook secret runs only on a local stack', async () => {
  // config.toml reads the secret from env(SEND_EMAIL_HOOK_SECRET); supabase/.env commits its local value.
  const committed = (await Deno.readTextFile(new URL('../../.env', import.meta.url))).match(
    /^SEND_EMAIL_HOOK_SECRET=v1,whsec_(\S+)$/m,
  )?.[1];
  assert.equal(committed, COMMITTED_LOCAL_SECRET, 'the constant is the secret committed in supabase/.env');
  const local = `v1,whsec_${COMMITTED_LOCAL_SECRET}`;
  assert.ok(usesCommittedLocalSecret(local));
  assert.ok(usesCommittedLocalSecret(`v1,whsec_b3RoZXI= | ${local}`));
  assert.ok(!usesCommittedLocalSecret('v1,whsec_c2VjcmV0'));

  for (const url of ['http://127.0.0.1:54321', 'http://localhost:54321', 'http://kong:8000', 'http://[::1]:54321']) {
    assert.ok(isLocalStackUrl(url), url);
    assert.deepEqual(
      settingsFromEnv(env({ ...complete, SUPABASE_URL: url, SEND_EMAIL_HOOK_SECRET: local })).problems,
      [],
    );
  }
  for (const url of ['https://abcdefgh.supabase.co', 'https://api.klub.example.com', 'http://127.0.0.1.evil.example']) {
    assert.ok(!isLocalStackUrl(url), url);
    assert.deepEqual(settingsFromEnv(env({ ...complete, SUPABASE_URL: url, SEND_EMAIL_HOOK_SECRET: local })).problems, [
      "SEND_EMAIL_HOOK_SECRET is the local secret committed in supabase/.env: set the project's own secret",
    ]);
  }
});
