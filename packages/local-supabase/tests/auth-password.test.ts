// Password sign-in and its errors, and the two error formats of Supabase Auth.
import { describe, expect, it } from 'vitest';
import { activatedMember, PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { appClient, claimsOf, serviceClient, stack } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

describe('password sign-in', () => {
  it('refuses an account that was never activated with email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await appClient().auth.signUp({ email, password: PASSWORD });
    await authMail(email, 'signup');

    const { data, error } = await appClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });
  });

  it('refuses a wrong password, and an unknown address, with the same invalid_credentials', async () => {
    const member = await activatedMember('wrong-password');
    const wrong = await appClient().auth.signInWithPassword({ email: member.email, password: 'Wrong-Pass-1' });
    const unknown = await appClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });

    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('signs an activated member in (case-insensitive address) with a password session', async () => {
    const member = await activatedMember('login');
    const { data, error } = await appClient().auth.signInWithPassword({
      email: member.email.toUpperCase(),
      password: PASSWORD,
    });

    expect(error).toBeNull();
    expect(data.user?.email).toBe(member.email);
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: stack().jwtExpiry });
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
  });

  it('answers the legacy error shape to clients that do not send X-Supabase-Api-Version', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers the 2024-01-01 shape, echoing the header, to supabase-js', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('v2024'), password: 'x' }),
    });
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('names what it does not emulate instead of answering wrongly', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ provider: 'google', token: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'not_implemented',
      message: expect.stringContaining('grant_type=id_token'),
    });
    const malformed = await fetch(`${stack().apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: '{not json',
    });
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' });
  });
});

describe('sign-out', () => {
  it('ends the session: its refresh token and access token stop working', async () => {
    const member = await activatedMember('logout');
    const { refresh_token: refreshToken, access_token: accessToken } = member.session;
    expect((await member.client.auth.signOut()).error).toBeNull();

    const refreshed = await appClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await appClient().auth.getUser(accessToken);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });
});

describe('admin API (service role, for tests and scripts)', () => {
  it('creates a confirmed user that can sign in at once, and deletes it', async () => {
    const email = uniqueEmail('admin-created');
    const admin = serviceClient().auth.admin;
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Ewa' },
    });
    expect(created.error).toBeNull();
    expect((await appClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await admin.deleteUser(created.data.user?.id ?? '')).error).toBeNull();
    expect((await appClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('does not apply the password policy to users it creates (Auth applies it to sign-ups and updates only)', async () => {
    const email = uniqueEmail('admin-weak');
    const created = await serviceClient().auth.admin.createUser({ email, password: 'short', email_confirm: true });
    expect(created.error).toBeNull();
    const signIn = await appClient().auth.signInWithPassword({ email, password: 'short' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.weakPassword?.reasons).toEqual(['length', 'characters']);
  });

  it('is closed to the anon key', async () => {
    const { error } = await appClient().auth.admin.createUser({ email: uniqueEmail('nope'), password: PASSWORD });
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});
