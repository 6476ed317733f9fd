import assert from 'node:assert/strict';
import { HookError } from '../_shared/hook-response.ts';
import { appLink, appOrigin, emailChangeLink } from './links.ts';

const app = { siteOrigin: 'http://127.0.0.1:5173', allowedRedirectOrigins: ['http://localhost:5173'] };

Deno.test('appOrigin keeps an allowed redirect_to origin (SITE_URL or ALLOWED_REDIRECT_ORIGINS)', () => {
  assert.equal(appOrigin('http://127.0.0.1:5173/activate', app), 'http://127.0.0.1:5173');
  assert.equal(appOrigin('http://localhost:5173/activate?x=1#y', app), 'http://localhost:5173');
});

Deno.test('appOrigin falls back to SITE_URL for a foreign, missing or non-http redirect_to', () => {
  for (const redirectTo of [
    'https://evil.example/activate',
    'http://127.0.0.1:5174/activate',
    'http://127.0.0.1:5173.evil.example/activate',
    '',
    'javascript:alert(1)',
    'nonsense',
  ]) {
    assert.equal(appOrigin(redirectTo, app), 'http://127.0.0.1:5173', redirectTo);
  }
});

Deno.test('appOrigin never trusts redirect_to on its own: without SITE_URL there is no link', () => {
  const none = { siteOrigin: '', allowedRedirectOrigins: [] };
  for (const redirectTo of ['https://klub.example.com/activate', '']) {
    assert.throws(
      () => appOrigin(redirectTo, none),
      (error: unknown) => error instanceof HookError && error.status === 500 && /SITE_URL/.test(error.message),
    );
  }
});

Deno.test('appLink: the activation link has the spec shape {app origin}/activate?token=…', () => {
  assert.equal(
    appLink('http://127.0.0.1:5173', 'signup', 'pkce_0a1b2c'),
    'http://127.0.0.1:5173/activate?token=pkce_0a1b2c',
  );
  assert.equal(appLink('https://a.example', 'signup', 'x&y=z'), 'https://a.example/activate?token=x%26y%3Dz');
});

Deno.test('appLink: reset on /reset-password?code=, the magic link on /dashboard with the type', () => {
  assert.equal(appLink('https://a.example', 'recovery', 'pkce_r'), 'https://a.example/reset-password?code=pkce_r');
  assert.equal(
    appLink('https://a.example', 'magiclink', 'pkce_m'),
    'https://a.example/dashboard?token_hash=pkce_m&type=magiclink',
  );
});

Deno.test(
  'emailChangeLink: the page redirect_to names on an allowed origin, else the settings page of SITE_URL',
  () => {
    assert.equal(
      emailChangeLink('http://localhost:5173/dashboard/settings?email_change=1', app, 'h/1'),
      'http://localhost:5173/dashboard/settings?email_change=1&token_hash=h%2F1&type=email_change',
    );
    for (const redirectTo of ['https://evil.example/dashboard/settings?email_change=1', '', 'nonsense']) {
      assert.equal(
        emailChangeLink(redirectTo, app, 'h2'),
        'http://127.0.0.1:5173/dashboard/settings?email_change=1&token_hash=h2&type=email_change',
        redirectTo,
      );
    }
  },
);
