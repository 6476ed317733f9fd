// The attacks issue 9 ran against the stack, each replayed through supabase-js as an attacker would
// (the anon key, Auth's HTTP API), with what must hold afterwards.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { activatedMember, PASSWORD, signedIn, signupClaim, uniqueEmail } from './helpers/accounts.ts';
import { appClient, stack } from './helpers/clients.ts';
import { authMail } from './helpers/mailbox.ts';

const db = new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
afterAll(() => db.end());

const ATTACKER_PASSWORD = 'Attacker-Pass-1';
const VICTIM_PASSWORD = 'Victim-Own-Pass-2';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pre-account takeover', () => {
  it('a password set by someone else before the owner activated does not open the account', async () => {
    const victim = uniqueEmail('victim');
    // The attacker signs up with the victim's address and a password of their own (and even a
    // claim secret of their own, kept in the attacker's browser).
    const attackerClaim = signupClaim();
    const attacker = appClient();
    expect(
      (
        await attacker.auth.signUp({
          email: victim,
          password: ATTACKER_PASSWORD,
          options: { data: { full_name: 'Ktoś Obcy', signup_claim: attackerClaim.hash } },
        })
      ).error,
    ).toBeNull();
    await authMail(victim, 'signup');

    // Later the victim registers: the address waits for activation, so the app offers a resend.
    await wait(1100); // [auth.email] max_frequency
    const owner = appClient();
    expect((await owner.auth.resend({ type: 'signup', email: victim })).error).toBeNull();
    const mail = await authMail(victim, 'signup', 2);
    const verified = await owner.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(victim);

    // The owner's browser holds no claim secret for this sign-up: the owner sets a password.
    const claim = await owner.rpc('claim_signup_password', { p_claim: null });
    expect(claim).toMatchObject({ error: null, data: 'password_required' });
    // The attacker's password opens nothing, before and after the owner sets one.
    const early = await appClient().auth.signInWithPassword({ email: victim, password: ATTACKER_PASSWORD });
    expect(early.error).toMatchObject({ code: 'invalid_credentials' });
    expect((await owner.auth.updateUser({ password: VICTIM_PASSWORD })).error).toBeNull();
    const late = await appClient().auth.signInWithPassword({ email: victim, password: ATTACKER_PASSWORD });
    expect(late.error).toMatchObject({ code: 'invalid_credentials' });
    // The attacker's claim secret is worthless without a session of the account.
    const anonClaim = await attacker.rpc('claim_signup_password', { p_claim: attackerClaim.secret });
    expect(anonClaim.error).toMatchObject({ code: '42501' });

    expect((await signedIn(victim, VICTIM_PASSWORD)).session.user.email).toBe(victim);
  });

  it('an ordinary member who registers and activates in the same browser keeps the password', async () => {
    const member = await activatedMember('ordinary', 'Member-Own-Pass-3');
    expect((await signedIn(member.email, 'Member-Own-Pass-3')).session.user.email).toBe(member.email);
  });

  it('activating in another browser: the sign-up password waits for a new one, which then works', async () => {
    const email = uniqueEmail('otherbrowser');
    const claim = signupClaim();
    await appClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Jan Kowalski', signup_claim: claim.hash } },
    });
    const mail = await authMail(email, 'signup');
    const phone = appClient();
    expect((await phone.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' })).error).toBeNull();
    expect((await phone.rpc('claim_signup_password', { p_claim: null })).data).toBe('password_required');
    expect((await appClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await phone.auth.updateUser({ password: 'Phone-Set-Pass-4' })).error).toBeNull();
    expect((await signedIn(email, 'Phone-Set-Pass-4')).session.user.email).toBe(email);
  });
});

describe('a second sign-up of a pending address', () => {
  it('answers without the pending user’s name, phone or referral code', async () => {
    const email = uniqueEmail('pending');
    await appClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Anna Tajna', phone: '+48500999888', referral_code: 'SECRET12' } },
    });
    await authMail(email, 'signup');
    await wait(1100);

    const { data, error } = await appClient().auth.signUp({ email, password: 'Probe-Pass-5' });
    expect(error).toBeNull();
    const answer = JSON.stringify(data.user);
    for (const secret of ['Anna Tajna', '+48500999888', 'SECRET12']) expect(answer).not.toContain(secret);
    const { rows } = await db.query<{ meta: unknown; identity: unknown }>(
      `select u.raw_user_meta_data as meta, i.identity_data as identity
         from auth.users u join auth.identities i on i.user_id = u.id where u.email = $1`,
      [email],
    );
    for (const secret of ['Anna Tajna', '+48500999888', 'SECRET12']) expect(JSON.stringify(rows)).not.toContain(secret);
    // The profile keeps them.
    const profile = await db.query('select full_name, phone from public.profiles where email = $1', [email]);
    expect(profile.rows).toEqual([{ full_name: 'Anna Tajna', phone: '+48500999888' }]);
  });
});

describe('sign-up applies the profile rules', () => {
  it.each([[{ full_name: 'x', phone: '+48500100200' }], [{ full_name: 'Jan Kowalski', phone: 'call me maybe!!' }]])(
    'refuses %o and creates no account',
    async (data) => {
      const email = uniqueEmail('rules');
      const { error } = await appClient().auth.signUp({ email, password: PASSWORD, options: { data } });
      expect(error).not.toBeNull();
      const { rows } = await db.query('select 1 from auth.users where email = $1', [email]);
      expect(rows).toHaveLength(0);
    },
  );
});

describe('referral ranking', () => {
  it('counts a referred member once the account is activated, not at sign-up', async () => {
    const referrer = await activatedMember('referrer');
    const { data: code, error } = await referrer.client.rpc('generate_unique_referral_code', {
      p_user_id: referrer.session.user.id,
    });
    expect(error).toBeNull();
    const count = async () => {
      const { data } = await referrer.client.rpc('get_referral_rankings', { p_limit: 100 });
      return (
        (data as { id: string; referral_count: number }[]).find((row) => row.id === referrer.session.user.id)
          ?.referral_count ?? 0
      );
    };

    const email = uniqueEmail('referred');
    const client = appClient();
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Polecona Osoba', referral_code: (code as { code: string }).code } },
    });
    const mail = await authMail(email, 'signup');
    expect(await count()).toBe(0);
    expect((await client.auth.verifyOtp({ token_hash: mail.tokenHash, type: 'signup' })).error).toBeNull();
    expect(await count()).toBe(1);
  });
});
