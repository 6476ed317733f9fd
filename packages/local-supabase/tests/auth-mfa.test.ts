// TOTP second factor: enroll, challenge and verify with codes from an authenticator (otpauth), the
// session raised to aal2, and what aal1 sessions may no longer do.
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { activatedMember, PASSWORD, signedIn, type Member } from './helpers/accounts.ts';
import { claimsOf } from './helpers/clients.ts';

function authenticator(secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

async function enrollTotp(member: Member) {
  const { data, error } = await member.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
  if (error || !data || data.type !== 'totp') throw error ?? new Error('enroll failed');
  return data;
}

describe('TOTP', () => {
  it('enrolls a factor with a QR code, secret and otpauth URI', async () => {
    const member = await activatedMember('mfa-enroll');
    const factor = await enrollTotp(member);

    expect(factor.friendly_name).toBe('Telefon');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1%3A5173:/);
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const { data } = await member.client.auth.mfa.listFactors();
    expect(data?.all).toEqual([expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp' })]);
  });

  it('verifies a code from the authenticator and raises the session to aal2', async () => {
    const member = await activatedMember('mfa-verify');
    const factor = await enrollTotp(member);
    const events: string[] = [];
    member.client.auth.onAuthStateChange((event) => void events.push(event));

    const challenge = await member.client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });
    const verified = await member.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: authenticator(factor.totp.secret).generate(),
    });

    expect(verified.error).toBeNull();
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');
    const claims = claimsOf(verified.data?.access_token ?? '');
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual([
      { method: 'totp', timestamp: expect.any(Number) },
      { method: 'otp', timestamp: expect.any(Number) },
    ]);
    const level = await member.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const refreshed = await member.client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal2');
  });

  it('refuses a wrong code with mfa_verification_failed', async () => {
    const member = await activatedMember('mfa-wrong');
    const factor = await enrollTotp(member);
    const challenge = await member.client.auth.mfa.challenge({ factorId: factor.id });
    const { error } = await member.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? '',
      code: '000000',
    });
    expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
  });

  it('makes a later password sign-in aal1 with nextLevel aal2, which may not change the password', async () => {
    const member = await activatedMember('mfa-login');
    const factor = await enrollTotp(member);
    const totp = authenticator(factor.totp.secret);
    const verified = await member.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() });
    expect(verified.error).toBeNull();

    const later = await signedIn(member.email, PASSWORD);
    const level = await later.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await later.client.auth.updateUser({ password: 'Other-Pass-77' })).error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
    });
    expect((await later.client.auth.mfa.unenroll({ factorId: factor.id })).error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
    });

    const raised = await later.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() });
    expect(raised.error).toBeNull();
    expect((await later.client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const refreshed = await later.client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
    expect(refreshed.data.user?.factors ?? []).toEqual([]);
  });

  it('answers 422 for too many factors and for an unknown challenge, 404 for a factor of another user', async () => {
    const member = await activatedMember('mfa-limits');
    for (let index = 0; index < 10; index += 1) {
      const { error } = await member.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Telefon ${index}` });
      expect(error).toBeNull();
    }
    const eleventh = await member.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon 10' });
    expect(eleventh.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });

    const { data } = await member.client.auth.mfa.listFactors();
    const factorId = data?.all[0]?.id ?? '';
    const unknown = await member.client.auth.mfa.verify({
      factorId,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });

    const other = await activatedMember('mfa-limits-other');
    const foreign = await other.client.auth.mfa.challenge({ factorId });
    expect(foreign.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('refuses a second factor with the same friendly name, the empty name too', async () => {
    const member = await activatedMember('mfa-names');
    expect((await member.client.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
    const unnamed = await member.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(unnamed.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    expect((await member.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' })).error).toBeNull();
    const named = await member.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    expect(named.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message: 'A factor with the friendly name "Telefon" for this user already exists',
    });
  });
});
