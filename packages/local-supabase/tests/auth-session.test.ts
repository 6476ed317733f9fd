// Sessions: refresh-token rotation and reuse detection, password change signing other devices out,
// expired access tokens.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JWT_KEY } from '../src/keys.ts';
import { activatedMember, PASSWORD, signedIn, uniqueEmail } from './helpers/accounts.ts';
import { appClient, claimsOf, stack } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh tokens', () => {
  it('rotate on every refresh; the session and its claims carry over', async () => {
    const member = await activatedMember('rotate');
    const first = member.session;
    const { data, error } = await member.client.auth.refreshSession();

    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    const before = claimsOf(first.access_token);
    const after = claimsOf(data.session?.access_token ?? '');
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
  });

  it('tolerate a lost answer (the parent of the active token gets that token back) but reject reuse after the interval', async () => {
    const member = await activatedMember('reuse');
    const r0 = member.session.refresh_token;
    const client = appClient();
    const r1 = (await client.auth.refreshSession({ refresh_token: r0 })).data.session?.refresh_token;
    const retried = (await client.auth.refreshSession({ refresh_token: r0 })).data.session?.refresh_token;
    expect(retried).toBe(r1);
    const r2 = (await client.auth.refreshSession({ refresh_token: r1 ?? '' })).data.session?.refresh_token;
    expect(r2).toBeTruthy();

    await wait(stack().refreshTokenReuseInterval * 1000 + 300);
    const reused = await client.auth.refreshSession({ refresh_token: r0 });
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // Reuse revokes the whole family: the newest token is dead too.
    const latest = await client.auth.refreshSession({ refresh_token: r2 ?? '' });
    expect(latest.error).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('reject an unknown token with refresh_token_not_found', async () => {
    const { error } = await appClient().auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('password change', () => {
  it('keeps the current session and signs every other session out', async () => {
    const member = await activatedMember('password-change');
    const other = await signedIn(member.email);
    const { error } = await member.client.auth.updateUser({ password: 'New-Password-42' });
    expect(error).toBeNull();

    expect((await member.client.auth.refreshSession()).error).toBeNull();
    const otherRefresh = await appClient().auth.refreshSession({ refresh_token: other.session.refresh_token });
    expect(otherRefresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    expect(
      (await appClient().auth.signInWithPassword({ email: member.email, password: PASSWORD })).error,
    ).toMatchObject({
      code: 'invalid_credentials',
    });
    expect(
      (await appClient().auth.signInWithPassword({ email: member.email, password: 'New-Password-42' })).error,
    ).toBeNull();
  });

  it('asks a password session for the current password ([auth.email] require_current_password)', async () => {
    const member = await activatedMember('current-password');
    const browser = await signedIn(member.email);

    expect((await browser.client.auth.updateUser({ password: 'New-Password-43' })).error).toMatchObject({
      status: 400,
      code: 'current_password_required',
    });
    expect(
      (await browser.client.auth.updateUser({ password: 'New-Password-43', current_password: 'Wrong-Horse-7' })).error,
    ).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    expect(
      (await appClient().auth.signInWithPassword({ email: member.email, password: 'New-Password-43' })).error,
    ).toMatchObject({ code: 'invalid_credentials' });

    const changed = await browser.client.auth.updateUser({ password: 'New-Password-43', current_password: PASSWORD });
    expect(changed.error).toBeNull();
    expect(
      (await appClient().auth.signInWithPassword({ email: member.email, password: 'New-Password-43' })).error,
    ).toBeNull();
  });

  it('does not ask a session opened by an e-mailed code (otp, magic link, recovery), as GoTrue does not', async () => {
    // activatedMember's session comes from verifyOtp: its amr is otp.
    const member = await activatedMember('current-password-otp');
    expect(claimsOf(member.session.access_token)).toMatchObject({ amr: [{ method: 'otp' }] });
    expect((await member.client.auth.updateUser({ password: 'New-Password-44' })).error).toBeNull();
  });

  it('refuses the same password and a weak one', async () => {
    const member = await activatedMember('same-password');
    expect((await member.client.auth.updateUser({ password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
    expect((await member.client.auth.updateUser({ password: 'weakpassword' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
      reasons: ['characters'],
    });
  });

  it('updates user_metadata by merging keys (null removes one)', async () => {
    const member = await activatedMember('metadata');
    await member.client.auth.updateUser({ data: { theme: 'dark', note: 'x' } });
    const { data } = await member.client.auth.updateUser({ data: { theme: 'dark', note: null } });
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark' });
    expect(data.user?.user_metadata).not.toHaveProperty('note');
  });
});

describe('access tokens', () => {
  it('are refused once expired (403 bad_jwt), as GoTrue refuses them', async () => {
    const member = await activatedMember('expired');
    const claims = claimsOf(member.session.access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(JWT_KEY);
    const response = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${expired}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
  });
});

describe('e-mail change', () => {
  it('needs both links (current and new address); then the new address signs in', async () => {
    const member = await activatedMember('change-from');
    const newEmail = uniqueEmail('change-to');
    const { data, error } = await member.client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(newEmail);

    // One hook call carries both tokens: token_hash for the new address, token_hash_new for the current one.
    const mail = await authMail(member.email, 'email_change');
    expect(mail.tokenHash).not.toBe(mail.tokenHashNew);
    const first = await member.client.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await member.client.auth.verifyOtp({ token_hash: mail.tokenHashNew, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(newEmail);
    expect((await appClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it('refuses an address another account uses (email_exists)', async () => {
    const member = await activatedMember('change-dup');
    const other = await activatedMember('change-taken');
    const { error } = await member.client.auth.updateUser({ email: other.email });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});
