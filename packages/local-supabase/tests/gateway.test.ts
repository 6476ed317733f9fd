// The gateway: API keys like Kong's key-auth, CORS for the Vite origins, the routes it does not
// emulate, and edge functions with the env and JWT checks Supabase gives them.
import { describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../src/keys.ts';
import { stack } from './helpers/clients.ts';

const url = (path: string) => `${stack().apiUrl}${path}`;

describe('API keys', () => {
  it('rejects a missing apikey on REST and Auth', async () => {
    for (const path of ['/rest/v1/profiles', '/auth/v1/settings']) {
      const response = await fetch(url(path));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
    }
  });

  it('rejects a wrong apikey', async () => {
    const response = await fetch(url('/rest/v1/profiles'), { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid API key' });
  });

  it('accepts the anon key as a header or query parameter, and the new publishable/secret keys', async () => {
    expect((await fetch(url('/auth/v1/settings'), { headers: { apikey: stack().anonKey } })).status).toBe(200);
    expect((await fetch(url(`/auth/v1/settings?apikey=${stack().anonKey}`))).status).toBe(200);
    expect((await fetch(url('/auth/v1/settings'), { headers: { apikey: PUBLISHABLE_KEY } })).status).toBe(200);
    // sb_secret_ stands for the service-role JWT: it reads what anon may not.
    const secret = await fetch(url('/rest/v1/profiles?select=id&limit=1'), { headers: { apikey: SECRET_KEY } });
    expect(secret.status).toBe(200);
  });

  it('leaves the e-mail link route open (opened from a mail client, without a key)', async () => {
    const response = await fetch(
      url('/auth/v1/verify?type=signup&token=nope&redirect_to=http://127.0.0.1:5173/activate'),
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('error_code=otp_expired');
  });
});

describe('CORS', () => {
  for (const origin of ['http://127.0.0.1:5173', 'http://localhost:5173']) {
    it(`answers the preflight of ${origin}`, async () => {
      const response = await fetch(url('/auth/v1/token?grant_type=password'), {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers':
            'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    });
  }

  it('marks real answers for the origin and exposes the headers supabase-js reads', async () => {
    const response = await fetch(url('/auth/v1/settings'), {
      headers: { apikey: stack().anonKey, Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});

describe('routes that are not emulated', () => {
  it('say so instead of answering wrongly', async () => {
    const realtime = await fetch(url('/realtime/v1/api/broadcast'), { headers: { apikey: stack().anonKey } });
    expect(realtime.status).toBe(501);
    expect(await realtime.json()).toMatchObject({ message: expect.stringContaining('not emulated') });
    const unknown = await fetch(url('/nothing/here'));
    expect(unknown.status).toBe(404);
  });
});

describe('edge functions', () => {
  it('require a valid JWT when verify_jwt is on', async () => {
    const missing = await fetch(url('/functions/v1/echo'));
    expect(missing.status).toBe(401);
    const forged = await fetch(url('/functions/v1/echo'), { headers: { Authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
  });

  it('pass a CORS preflight (no JWT) on to the function, as the edge runtime does', async () => {
    const preflight = await fetch(url('/functions/v1/echo'), {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(await preflight.json()).toMatchObject({ method: 'OPTIONS', authorization: false });
  });

  it('get the request with its sub-path and query, and the env Supabase provides', async () => {
    const response = await fetch(url('/functions/v1/echo/sub/path?x=1'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().anonKey}`, 'Content-Type': 'text/plain' },
      body: 'ping',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      path: '/echo/sub/path',
      query: '?x=1',
      body: 'ping',
      authorization: true,
      env: {
        SUPABASE_URL: stack().apiUrl,
        SUPABASE_ANON_KEY: stack().anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack().serviceRoleKey,
        SUPABASE_DB_URL: stack().dbUrl,
      },
    });
  });

  it('answer 404 for a function that does not exist', async () => {
    const response = await fetch(url('/functions/v1/nope'), {
      headers: { Authorization: `Bearer ${stack().anonKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});
