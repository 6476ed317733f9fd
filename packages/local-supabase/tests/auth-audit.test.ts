// Auth's audit log: the auth.audit_log_entries rows GoTrue writes for each action
// (supabase/auth internal/models/audit_log_entry.go and its callers at commit bc32168e), read back
// after the app's own journeys through supabase-js.
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedMember, PASSWORD, signedIn } from './helpers/accounts.ts';
import { appClient, serviceClient, stack } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

interface Entry {
  instance_id: string;
  payload: Record<string, unknown>;
  raw: string;
  ip_address: string;
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: stack().dbUrl });
  await db.connect();
});
afterAll(() => db.end());

/** The user's entries (as actor, or as the subject of an admin's action) in the order written. */
async function entriesOf(userId: string): Promise<Entry[]> {
  const { rows } = await db.query<Entry>(
    `select instance_id, payload, payload::text as raw, ip_address from auth.audit_log_entries
      where payload ->> 'actor_id' = $1 or payload -> 'traits' ->> 'user_id' = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

/** The entries after the first `seen` (those of the steps before). */
async function newEntries(userId: string, seen: number): Promise<Entry[]> {
  return (await entriesOf(userId)).slice(seen);
}

describe('auth.audit_log_entries', () => {
  it('records sign-up, a repeated sign-up, sign-in, refresh and sign-out with GoTrue payloads', async () => {
    const member = await activatedMember('audit');
    const id = member.session.user.id;
    // No actor_name: GoTrue reads the user back after the insert, and this project's trigger has
    // moved the name from user_metadata to the profile by then.
    const actor = { actor_id: id, actor_username: member.email, actor_via_sso: false };

    const signup = await entriesOf(id);
    expect(signup.map((entry) => entry.payload)).toEqual([
      { ...actor, action: 'user_confirmation_requested', log_type: 'user', traits: { provider: 'email' } },
      { ...actor, action: 'user_signedup', log_type: 'team', traits: { provider: 'email' } },
    ]);
    // GoTrue's JSON (keys sorted), a nil instance_id, no IP outside MFA.
    expect(signup[0]?.raw).toBe(
      `{"action":"user_confirmation_requested","actor_id":"${id}","actor_username":"${member.email}",` +
        `"actor_via_sso":false,"log_type":"user","traits":{"provider":"email"}}`,
    );
    expect(signup[0]).toMatchObject({ instance_id: '00000000-0000-0000-0000-000000000000', ip_address: '' });

    await appClient().auth.signUp({ email: member.email, password: 'Another-Pass-9' });
    const browser = await signedIn(member.email);
    expect((await browser.client.auth.refreshSession()).error).toBeNull();
    expect((await browser.client.auth.updateUser({ data: { full_name: 'Jan <Kowalski>' } })).error).toBeNull();
    expect((await browser.client.auth.signOut()).error).toBeNull();

    expect((await newEntries(id, 2)).map((entry) => entry.payload)).toEqual([
      { ...actor, action: 'user_repeated_signup', log_type: 'user', traits: { provider: 'email' } },
      { ...actor, action: 'login', log_type: 'account', traits: { provider: 'email' } },
      { ...actor, action: 'token_refreshed', log_type: 'token' },
      { ...actor, action: 'token_revoked', log_type: 'token' },
      { ...actor, action: 'user_modified', log_type: 'user', actor_name: 'Jan <Kowalski>' },
      { ...actor, action: 'logout', log_type: 'account', actor_name: 'Jan <Kowalski>' },
    ]);
    const [modified] = await newEntries(id, 6);
    expect(modified?.raw).toContain('"actor_name":"Jan \\u003cKowalski\\u003e"');
  });

  it('records a password reset through the e-mailed PKCE link: request, link, code exchange, new password', async () => {
    const member = await activatedMember('audit-reset');
    const id = member.session.user.id;
    const browser = appClient();
    await browser.auth.resetPasswordForEmail(member.email, { redirectTo: 'http://127.0.0.1:5173/reset-password' });
    const link = await fetch((await authMail(member.email, 'recovery')).link, { redirect: 'manual' });
    const code = new URL(link.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await browser.auth.exchangeCodeForSession(code)).error).toBeNull();
    expect((await browser.auth.updateUser({ password: 'Recovered-Pass-5' })).error).toBeNull();

    const written = await newEntries(id, 2);
    expect(written.map((entry) => [entry.payload.action, entry.payload.traits])).toEqual([
      ['user_recovery_requested', undefined],
      ['login', undefined],
      ['login', { provider_type: 'recovery' }],
      ['user_updated_password', undefined],
      ['user_modified', undefined],
    ]);
    expect(written.every((entry) => entry.payload.actor_username === member.email)).toBe(true);
  });

  it("records MFA with the client's IP, and the admin's deletion with the member's address", async () => {
    const member = await activatedMember('audit-mfa', PASSWORD);
    const id = member.session.user.id;
    const mfa = member.client.auth.mfa;
    const enrolled = await mfa.enroll({ factorType: 'totp', friendlyName: 'Telefon' });
    if (enrolled.error || enrolled.data.type !== 'totp') throw enrolled.error ?? new Error('not a TOTP factor');
    const factorId = enrolled.data.id;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.data.totp.secret) });
    const challenge = await mfa.challenge({ factorId });
    const challengeId = challenge.data?.id ?? '';
    expect((await mfa.verify({ factorId, challengeId, code: totp.generate() })).error).toBeNull();
    expect((await mfa.unenroll({ factorId })).error).toBeNull();
    const { session } = (await member.client.auth.getSession()).data;
    const sessionId = JSON.parse(Buffer.from(session?.access_token.split('.')[1] ?? '', 'base64url').toString())
      .session_id as string;

    const written = await newEntries(id, 2);
    expect(written.map((entry) => [entry.payload.action, entry.payload.log_type, entry.payload.traits])).toEqual([
      ['factor_in_progress', 'factor', { factor_id: factorId }],
      ['challenge_created', 'factor', { factor_id: factorId, factor_status: 'unverified' }],
      ['verification_attempted', 'factor', { factor_id: factorId, challenge_id: challengeId, factor_type: 'totp' }],
      ['token_revoked', 'token', undefined],
      ['factor_unenrolled', 'factor', { factor_id: factorId, factor_status: 'verified', session_id: sessionId }],
    ]);
    expect(written.map((entry) => entry.ip_address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '', '127.0.0.1']);

    // The app's erasure (supabase/migrations/*_privacy.sql) deletes every entry naming the member in
    // the deleting transaction, GoTrue's own 'user_deleted' among them: what the emulation wrote is
    // read from a copy taken as each row is inserted.
    await db.query(`
      create schema if not exists stack_test;
      create table if not exists stack_test.audit_copy (id uuid, payload json);
      create or replace function stack_test.copy_audit() returns trigger language plpgsql security definer
        set search_path = '' as $$ begin insert into stack_test.audit_copy values (new.id, new.payload); return null; end $$;
      create trigger stack_test_copy_audit after insert on auth.audit_log_entries
        for each row execute function stack_test.copy_audit();`);
    let copied: { payload: Record<string, unknown> }[];
    try {
      expect((await serviceClient().auth.admin.deleteUser(id)).error).toBeNull();
      ({ rows: copied } = await db.query<{ payload: Record<string, unknown> }>(
        "select payload from stack_test.audit_copy where payload -> 'traits' ->> 'user_id' = $1",
        [id],
      ));
    } finally {
      await db.query('drop trigger stack_test_copy_audit on auth.audit_log_entries; drop schema stack_test cascade');
    }
    expect(await entriesOf(id)).toEqual([]);
    const [deleted] = copied;
    expect(deleted?.payload).toEqual({
      actor_id: '00000000-0000-0000-0000-000000000000',
      actor_username: 'service_role',
      actor_via_sso: false,
      action: 'user_deleted',
      log_type: 'team',
      traits: { user_id: id, user_email: member.email, user_phone: '' },
    });
  });
});
