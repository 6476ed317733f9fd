// The app served by Vite talks to the local stack: from the app's origin (CORS), a seeded member
// (supabase/seed.sql) signs in with supabase-js's request, and the mail catcher answers its API.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { expect, test } from '@playwright/test';

const appEnv = parseEnv(readFileSync(new URL('../.env.example', import.meta.url), 'utf8')) as Record<string, string>;
const API_URL = process.env.VITE_SUPABASE_URL ?? appEnv.VITE_SUPABASE_URL ?? '';
const ANON_KEY = process.env.VITE_SUPABASE_ANON_KEY ?? appEnv.VITE_SUPABASE_ANON_KEY ?? '';

test('a seeded member signs in against the local stack from the app origin', async ({ page }) => {
  await page.goto('/');
  const answer = await page.evaluate(
    async ({ url, key }) => {
      const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email: 'anna@klub.local', password: 'Member1234' }),
      });
      const body = (await response.json()) as { user?: { email?: string }; access_token?: string };
      return { status: response.status, email: body.user?.email, token: Boolean(body.access_token) };
    },
    { url: API_URL, key: ANON_KEY },
  );
  expect(answer).toEqual({ status: 200, email: 'anna@klub.local', token: true });
});

test('the mail catcher answers the Mailpit API the E2E mailbox helper reads', async ({ request }) => {
  const response = await request.get('http://127.0.0.1:54324/api/v1/messages');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ messages: expect.any(Array) });
});
