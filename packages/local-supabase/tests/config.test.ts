// The stack's own pieces that need no running services: the TOML reader, the project's config as
// the stack reads it, the well-known keys, the webhook signature.
import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { WORKDIR } from '../src/db/harness.ts';
import { resolveHookUrl } from '../src/auth/index.ts';
import { signWebhook } from '../src/auth/hook.ts';
import bcrypt from 'bcryptjs';
import { hashPassword, passwordMatches } from '../src/auth/password.ts';
import { loadConfig } from '../src/config/config.ts';
import { durationToSeconds, sizeToBytes } from '../src/config/schema.ts';
import { parseToml } from '../src/config/toml.ts';
import { ANON_KEY, JWT_KEY, SERVICE_ROLE_KEY, signLegacyKey } from '../src/keys.ts';

describe('TOML reader', () => {
  it('reads tables, dotted and quoted keys, strings with escapes, numbers, booleans and multi-line arrays', () => {
    const toml = parseToml(`
# comment
project_id = "klub" # trailing comment
[auth]
site_url = 'http://127.0.0.1:5173'
jwt_expiry = 3_600
urls = [
  "a\\tb", # first
  "c",
]
[functions.send-email]
verify_jwt = false
[storage.buckets."idea-images"]
ratio = 1.5
`);
    expect(toml).toEqual({
      project_id: 'klub',
      auth: { site_url: 'http://127.0.0.1:5173', jwt_expiry: 3600, urls: ['a\tb', 'c'] },
      functions: { 'send-email': { verify_jwt: false } },
      storage: { buckets: { 'idea-images': { ratio: 1.5 } } },
    });
  });

  it('reads every valid hand edit: inline tables, arrays of tables, multi-line strings', () => {
    const toml = parseToml(`
[auth.sms.test_otp]
numbers = { "4152127777" = "123456" }
[[remotes]]
name = "staging"
[[remotes]]
name = "production"
[auth.email.template.invite]
subject = """Zaproszenie
do klubu"""
`);
    expect(toml).toEqual({
      auth: {
        sms: { test_otp: { numbers: { '4152127777': '123456' } } },
        email: { template: { invite: { subject: 'Zaproszenie\ndo klubu' } } },
      },
      remotes: [{ name: 'staging' }, { name: 'production' }],
    });
  });

  it('fails loudly, with the line and column, on a file that is not valid TOML', () => {
    expect(() => parseToml('a = 1\na = 2')).toThrow('config.toml line 2, column 1:');
    expect(() => parseToml('[auth]\nsite_url = "http://x')).toThrow('config.toml line 2, column 12: unfinished string');
    expect(() => parseToml('__proto__ = 1')).toThrow('config.toml line 1, column 1');
  });

  it('reads durations and sizes as the CLI does', () => {
    expect(durationToSeconds('1s')).toBe(1);
    expect(durationToSeconds('2m')).toBe(120);
    expect(sizeToBytes('50MiB')).toBe(50 * 1024 * 1024);
    expect(sizeToBytes('5MB')).toBe(5 * 1024 * 1024);
  });
});

describe("the project's config.toml", () => {
  it('is read with the values the stack relies on', async () => {
    const config = await loadConfig(WORKDIR);
    expect(config.ports).toEqual({ api: 54321, db: 54322, inbox: 54324, smtp: 54325 });
    expect(config.auth.email.enableConfirmations).toBe(true);
    expect(config.auth.sendEmailHook?.uri).toMatch(/\/functions\/v1\/send-email$/);
    expect(config.auth.sendEmailHook?.secrets[0]).toMatch(/^v1,whsec_/);
    expect(config.auth.mfa).toMatchObject({ totpEnroll: true, totpVerify: true });
    expect(config.functions['send-email']?.verifyJwt).toBe(false);
    expect(config.storage.buckets.map((bucket) => bucket.id)).toContain('avatars');
  });

  it("hashes new passwords at GoTrue's bcrypt cost 10 unless a test stack lowers it; any stored cost is checked", async () => {
    const gotrue = (await loadConfig(WORKDIR)).auth;
    const lowered = (await loadConfig(WORKDIR, { passwordHashCost: 4 })).auth;
    expect(gotrue.passwordHashCost).toBe(10);
    const strong = await hashPassword(gotrue, 'Member1234');
    const quick = await hashPassword(lowered, 'Member1234');
    expect(bcrypt.getRounds(strong)).toBe(10);
    expect(bcrypt.getRounds(quick)).toBe(4);
    expect(await passwordMatches('Member1234', strong)).toBe(true);
    expect(await passwordMatches('Member1234', quick)).toBe(true);
    expect(await passwordMatches('Member12345', quick)).toBe(false);
  });

  it('resolves the hook URI written for `supabase start` to the local gateway', () => {
    const gateway = 'http://127.0.0.1:6000';
    expect(resolveHookUrl('http://host.docker.internal:54321/functions/v1/send-email', gateway)).toBe(
      'http://127.0.0.1:6000/functions/v1/send-email',
    );
    expect(resolveHookUrl('https://hooks.example.com/send', gateway)).toBe('https://hooks.example.com/send');
  });
});

describe('well-known keys', () => {
  it('are the anon and service-role JWTs of `supabase start`, signed with its JWT secret', async () => {
    expect(await signLegacyKey('anon')).toBe(ANON_KEY);
    expect(await signLegacyKey('service_role')).toBe(SERVICE_ROLE_KEY);
    expect((await jwtVerify(SERVICE_ROLE_KEY, JWT_KEY)).payload).toMatchObject({
      role: 'service_role',
      iss: 'supabase-demo',
    });
  });
});

describe('Standard Webhooks signature', () => {
  it('is v1, + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret after v1,whsec_', () => {
    const key = Buffer.from('a secret key');
    const secret = `v1,whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signWebhook(secret, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });
});
