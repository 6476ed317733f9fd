import assert from 'node:assert/strict';
import { HookError } from '../_shared/hook-response.ts';
import { activationLink, appOrigin, authBaseUrl, verifyLink } from './links.ts';

const app = { siteOrigin: 'http://127.0.0.1:5173', allowedRedirectOrigins: ['http://localhost:5173'] };

Deno.test('appOrigin keeps an allowed redirect_to origin (SITE_URL or ALLOWED_REDIRECT_ORIGINS)', () => {
  assert.equal(appOrigin('http://127.0.0.1:5173/activate', app), 'http://127.0.0.1:5173');
  assert.equal(appOrigin('http://localhost:5173/activate?x=1#y', app), 'http://localhost:5173');
});

Deno.test('appOrigin falls back to SITE_URL for a foreign, missing or non-http redirect_to', () => {
  for (const redirectTo of [
    'https://evil.example/activate',
    'http://127.0.0.1:5174/activate',
    '',
    'javascript:alert(1)',
    'nonsense',
  ]) {
    assert.equal(appOrigin(redirectTo, app), 'http://127.0.0.1:5173', redirectTo);
  }
  const onlyList = { siteOrigin: '', allowedRedirectOrigins: ['https://klub.example.com'] };
  assert.equal(appOrigin('https://evil.example/activate', onlyList), 'https://klub.example.com');
});

Deno.test('appOrigin trusts the signed redirect_to when no origins are configured, and needs one otherwise', () => {
  const none = { siteOrigin: '', allowedRedirectOrigins: [] };
  assert.equal(appOrigin('https://klub.example.com/activate', none), 'https://klub.example.com');
  assert.throws(
    () => appOrigin('', none),
    (error: unknown) => error instanceof HookError && error.status === 500 && /SITE_URL/.test(error.message),
  );
});

Deno.test('activationLink has the spec shape {app origin}/activate?token=…', () => {
  assert.equal(
    activationLink('http://127.0.0.1:5173', 'pkce_0a1b2c'),
    'http://127.0.0.1:5173/activate?token=pkce_0a1b2c',
  );
  assert.equal(activationLink('https://a.example', 'x&y=z'), 'https://a.example/activate?token=x%26y%3Dz');
});

Deno.test("authBaseUrl prefers Auth's own public URL (…/auth/v1) and else uses SUPABASE_URL", () => {
  assert.equal(authBaseUrl('http://127.0.0.1:54321/auth/v1', 'http://kong:8000'), 'http://127.0.0.1:54321/auth/v1');
  assert.equal(authBaseUrl('https://ref.supabase.co/auth/v1/', 'https://x'), 'https://ref.supabase.co/auth/v1');
  assert.equal(authBaseUrl('http://127.0.0.1:5173', 'http://127.0.0.1:54321/'), 'http://127.0.0.1:54321/auth/v1');
  assert.equal(authBaseUrl('', 'https://ref.supabase.co'), 'https://ref.supabase.co/auth/v1');
});

Deno.test('verifyLink is Auth verify URL with token, type and the encoded redirect_to', () => {
  assert.equal(
    verifyLink('http://127.0.0.1:54321/auth/v1', 'pkce_abc', 'magiclink', 'http://127.0.0.1:5173/dashboard?a=1&b=2'),
    'http://127.0.0.1:54321/auth/v1/verify?token=pkce_abc&type=magiclink&redirect_to=http%3A%2F%2F127.0.0.1%3A5173%2Fdashboard%3Fa%3D1%26b%3D2',
  );
  assert.equal(verifyLink('https://a/auth/v1', 'h', 'recovery', ''), 'https://a/auth/v1/verify?token=h&type=recovery');
});
