// E-mailed links: password recovery with PKCE (link → ?code= → exchangeCodeForSession) and the
// magic link (signInWithOtp → verifyOtp), as the app uses them.
import { describe, expect, it } from 'vitest';
import { activatedMember, PASSWORD, uniqueEmail } from './helpers/accounts.ts';
import { appClient, claimsOf, stack } from './helpers/clients.ts';
import { authMail, messagesTo } from './helpers/mailbox.ts';

/** Opens the e-mailed link like a browser would, without following the redirect. */
async function open(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('password recovery (PKCE)', () => {
  it('e-mails a link that redirects with a code; the same browser exchanges it for a recovery session', async () => {
    const member = await activatedMember('recover');
    const browser = appClient();
    const events: string[] = [];
    browser.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await browser.auth.resetPasswordForEmail(member.email, {
      redirectTo: 'http://127.0.0.1:5173/reset-password',
    });
    expect(error).toBeNull();

    const mail = await authMail(member.email, 'recovery');
    expect(mail.tokenHash).toMatch(/^pkce_/);
    const target = await open(mail.link);
    expect(`${target.origin}${target.pathname}`).toBe('http://127.0.0.1:5173/reset-password');
    const code = target.searchParams.get('code') ?? '';
    const exchanged = await browser.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(claimsOf(exchanged.data.session?.access_token ?? '')).toMatchObject({ amr: [{ method: 'recovery' }] });

    expect((await browser.auth.updateUser({ password: 'Recovered-Pass-5' })).error).toBeNull();
    expect(
      (await appClient().auth.signInWithPassword({ email: member.email, password: 'Recovered-Pass-5' })).error,
    ).toBeNull();
    // The code is single-use.
    const again = await appClient().auth.exchangeCodeForSession(code);
    expect(again.error).toBeTruthy();
  });

  it('does not let another browser (without the code verifier) use the code', async () => {
    const member = await activatedMember('recover-other');
    await appClient().auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:5173/reset-password' });
    const target = await open((await authMail(member.email, 'recovery')).link);
    const code = target.searchParams.get('code') ?? '';
    const { error } = await appClient().auth.exchangeCodeForSession(code);
    expect(error?.name).toBe('AuthPKCECodeVerifierMissingError');
    const forged = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({
        auth_code: code,
        code_verifier: 'a-guess-that-is-long-enough-to-be-a-pkce-code-verifier',
      }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'bad_code_verifier' });
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const { data, error } = await appClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messagesTo(email)).toHaveLength(0);
  });

  it('redirects an expired or used link back with the error in the URL', async () => {
    const member = await activatedMember('recover-used');
    await appClient().auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:5173/reset-password' });
    const mail = await authMail(member.email, 'recovery');
    await open(mail.link);
    const second = await open(mail.link);
    expect(second.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(second.hash.slice(1)).get('error_description')).toBe(
      'Email link is invalid or has expired',
    );
  });

  it('falls back to site_url for a redirect that is not allowed', async () => {
    const member = await activatedMember('recover-redirect');
    await appClient().auth.resetPasswordForEmail(member.email, { redirectTo: 'https://evil.example/steal' });
    expect((await authMail(member.email, 'recovery')).redirectTo).toBe('http://127.0.0.1:5173');
  });
});

describe('links of the implicit flow', () => {
  it('put the session into the fragment of the redirect (a resent activation link)', async () => {
    const email = uniqueEmail('implicit');
    await appClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/activate' },
    });
    await authMail(email, 'signup');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // [auth.email] max_frequency = "1s"
    await appClient().auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/activate' },
    });
    const mail = await authMail(email, 'signup', 2);
    expect(mail.tokenHash).not.toMatch(/^pkce_/); // GoTrue resends with the implicit flow

    const target = await open(mail.link);
    const fragment = new URLSearchParams(target.hash.slice(1));
    expect(target.pathname).toBe('/activate');
    expect(fragment.get('type')).toBe('signup');
    expect(claimsOf(fragment.get('access_token') ?? '')).toMatchObject({ email, amr: [{ method: 'otp' }] });
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
  });
});

describe('magic link', () => {
  it('e-mails a magic link to an activated member; verifying its token hash signs in', async () => {
    const member = await activatedMember('magic');
    const browser = appClient();
    const sent = await browser.auth.signInWithOtp({
      email: member.email,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/dashboard', shouldCreateUser: false },
    });
    expect(sent.error).toBeNull();

    const mail = await authMail(member.email, 'magiclink');
    expect(mail.redirectTo).toBe('http://127.0.0.1:5173/dashboard');
    const { data, error } = await browser.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(member.session.user.id);
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ amr: [{ method: 'otp' }] });
  });

  it('also works as a link (PKCE): the redirect carries a code for exchangeCodeForSession', async () => {
    const member = await activatedMember('magic-link');
    const browser = appClient();
    await browser.auth.signInWithOtp({
      email: member.email,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/dashboard' },
    });
    const target = await open((await authMail(member.email, 'magiclink')).link);
    expect(target.pathname).toBe('/dashboard');
    const { data, error } = await browser.auth.exchangeCodeForSession(target.searchParams.get('code') ?? '');
    expect(error).toBeNull();
    expect(claimsOf(data.session?.access_token ?? '')).toMatchObject({ amr: [{ method: 'magiclink' }] });
  });

  it('refuses to create an account when shouldCreateUser is false (otp_disabled)', async () => {
    const { error } = await appClient().auth.signInWithOtp({
      email: uniqueEmail('nobody'),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('signs up a new address by sending the activation e-mail instead', async () => {
    const email = uniqueEmail('otp-signup');
    expect((await appClient().auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await authMail(email, 'signup');
    const { data } = await appClient().auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' });
    expect(data.session?.user.email).toBe(email);
    expect((await appClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });
});
