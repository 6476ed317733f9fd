import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import {
  admin,
  createMember,
  createUser,
  errorOf,
  queryAs,
  sqlState,
  type NewUser,
  addMfaFactor,
  removeMfaFactor,
  verifyMfaFactor,
  createAdmin,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import {
  createReferralCode,
  profileOf,
  signUpWithReferral,
  createUnactivatedMember,
  emailConfirmedAt,
  settingsOf,
  setMembershipLevel,
} from '../helpers/accounts-factories.ts';
import {
  balanceOf,
  checkLedgerAfterEachTest,
  claimWithdrawal,
  fundWallet,
  pendingWithdrawal,
  txHash,
  completeWithdrawal,
} from '../helpers/money-factories.ts';

// Account security (issue 9): the attacks on sign-up that the database must stop, each reproduced
// the way Auth writes its tables (a user row, an e-mail identity, a confirmation), then the rule.
describe('account security', () => {
  /** A claim secret as the signing-up browser makes it, and the hash the sign-up sends. */
  function claimSecret() {
    const secret = randomBytes(32).toString('hex');
    return { secret, hash: createHash('sha256').update(secret, 'utf8').digest('hex') };
  }

  async function userRow(id: string) {
    const { rows } = await admin().query<{
      encrypted_password: string | null;
      raw_user_meta_data: Record<string, unknown>;
    }>('select encrypted_password, raw_user_meta_data from auth.users where id = $1', [id]);
    return rows[0]!;
  }

  /** What Auth's verify does when the mailbox owner opens the activation link (its own transaction). */
  async function confirmEmail(id: string) {
    await admin().query('update auth.users set email_confirmed_at = now(), confirmation_token = $2 where id = $1', [
      id,
      '',
    ]);
  }

  /** A pending sign-up whose password hash is `hash` (what Auth stores for the sign-up's password). */
  function pendingSignUp(input: NewUser & { passwordHash?: string; claimHash?: string } = {}) {
    return createUser({
      ...input,
      confirmed: false,
      userMetadata: { ...input.userMetadata, ...(input.claimHash ? { signup_claim: input.claimHash } : {}) },
    }).then(async (user) => {
      await admin().query('update auth.users set encrypted_password = $2 where id = $1', [
        user.id,
        input.passwordHash ?? '$2a$10$attackerattackerattackerattackerattackerattackerat',
      ]);
      return user;
    });
  }

  describe('personal data stays out of Auth metadata (a second sign-up returns the stored user)', () => {
    it('keeps name and phone in the profile and only Auth’s own keys in auth.users', async () => {
      const { hash } = claimSecret();
      const member = await createUser({
        fullName: 'Anna Nowak',
        phone: '+48500100200',
        userMetadata: { referral_code: 'ABCD2345', signup_claim: hash, note: 'anything else', email_verified: false },
      });
      expect((await userRow(member.id)).raw_user_meta_data).toEqual({ email_verified: false });
      expect(await profileOf(member.id)).toMatchObject({ full_name: 'Anna Nowak', phone: '+48500100200' });
    });

    it('strips the sign-up data GoTrue copies into the e-mail identity', async () => {
      const member = await createMember({ fullName: 'Jan Kowalski' });
      const { rows } = await admin().query<{ identity_data: Record<string, unknown> }>(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, $2, 'email', now(), now()) returning identity_data`,
        [
          member.id,
          {
            sub: member.id,
            email: member.email,
            email_verified: false,
            phone_verified: false,
            full_name: 'Jan Kowalski',
            phone: '+48500100200',
            referral_code: 'ABCD2345',
          },
        ],
      );
      expect(rows[0]?.identity_data).toEqual({
        sub: member.id,
        email: member.email,
        email_verified: false,
        phone_verified: false,
      });
    });
  });

  describe('sign-up applies the profile rules of an update', () => {
    it.each([
      [{ fullName: 'x' }, 'profile.full_name_length'],
      [{ fullName: 'a'.repeat(101) }, 'profile.full_name_length'],
      [{ phone: 'call me maybe!!' }, 'profile.phone_invalid'],
      [{ phone: '+481234' }, 'profile.phone_invalid'],
      [{ phone: '+1234567890123456' }, 'profile.phone_invalid'],
    ] as const)('refuses %o (%s), so no account is created', async (input, message) => {
      const email = `refused-${randomUUID().slice(0, 8)}@example.test`;
      expect(await errorOf(createUser({ ...input, email }))).toEqual({ code: '22023', message });
      const { rows } = await admin().query('select 1 from auth.users where email = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('accepts 7 to 15 digits and trims the values, as the settings form does', async () => {
      const short = await createUser({ fullName: '  Ola  ', phone: ' +4812345 ' });
      expect(await profileOf(short.id)).toMatchObject({ full_name: 'Ola', phone: '+4812345' });
      const long = await createUser({ phone: '+123456789012345' });
      expect((await profileOf(long.id))?.phone).toBe('+123456789012345');
    });
  });

  describe('pre-account takeover: a password set before the mailbox owner proved control', () => {
    it('stops working when the address is confirmed, and no claim without the secret gives it back', async () => {
      const attacker = claimSecret();
      const victimAccount = await pendingSignUp({ claimHash: attacker.hash });
      const { encrypted_password: attackerHash } = await userRow(victimAccount.id);

      await confirmEmail(victimAccount.id);
      expect((await userRow(victimAccount.id)).encrypted_password).toBe('');

      // The mailbox owner (signed in by the activation) has no claim secret, or another one.
      for (const claim of [null, claimSecret().secret, '']) {
        const [row] = await queryAs<{ result: string }>(
          victimAccount,
          'select public.claim_signup_password($1) as result',
          [claim],
        );
        expect(row?.result).toBe('password_required');
      }
      expect((await userRow(victimAccount.id)).encrypted_password).toBe('');
      // The mailbox owner sets a password: nothing of the attacker's is left to claim.
      await admin().query(
        "update auth.users set encrypted_password = '$2a$10$ownerownerownerownerownerownerownerownerownerowner' where id = $1",
        [victimAccount.id],
      );
      const [after] = await queryAs<{ result: string }>(
        victimAccount,
        'select public.claim_signup_password($1) as result',
        [attacker.secret],
      );
      expect(after?.result).toBe('kept');
      expect((await userRow(victimAccount.id)).encrypted_password).not.toBe(attackerHash);
    });

    it('gives the sign-up password back to the browser that signed up (claim secret), once', async () => {
      const browser = claimSecret();
      const member = await pendingSignUp({ claimHash: browser.hash, passwordHash: '$2a$10$memberhash' });
      await confirmEmail(member.id);
      expect((await userRow(member.id)).encrypted_password).toBe('');

      const [row] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
        browser.secret,
      ]);
      expect(row?.result).toBe('kept');
      expect((await userRow(member.id)).encrypted_password).toBe('$2a$10$memberhash');
      // Nothing stays parked: a second call changes nothing.
      const [again] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
        browser.secret,
      ]);
      expect(again?.result).toBe('kept');
    });

    it('does not give it back a day after the confirmation', async () => {
      const browser = claimSecret();
      const member = await pendingSignUp({ claimHash: browser.hash });
      await confirmEmail(member.id);
      await admin().query(
        "update private.signup_passwords set first_confirmed_at = now() - interval '25 hours' where user_id = $1",
        [member.id],
      );
      const [row] = await queryAs<{ result: string }>(member, 'select public.claim_signup_password($1) as result', [
        browser.secret,
      ]);
      expect(row?.result).toBe('password_required');
      expect((await userRow(member.id)).encrypted_password).toBe('');
    });

    it('leaves members alone once confirmed: an admin un-confirming and confirming again parks nothing', async () => {
      const member = await pendingSignUp({ passwordHash: '$2a$10$first' });
      await confirmEmail(member.id);
      await admin().query("update auth.users set encrypted_password = '$2a$10$chosen' where id = $1", [member.id]);
      await admin().query('update auth.users set email_confirmed_at = null where id = $1', [member.id]);
      await confirmEmail(member.id);
      expect((await userRow(member.id)).encrypted_password).toBe('$2a$10$chosen');
    });

    it('parks nothing when the account is created confirmed (seed, admin tools) or confirmed in the creating transaction', async () => {
      const created = await createMember();
      expect((await userRow(created.id)).encrypted_password).toBe('x');

      const id = randomUUID();
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
           raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'admin-set', '{}', '{}', now(), now(), false)`,
          [id, `auto-${id.slice(0, 8)}@example.test`],
        );
        await client.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
        await client.query('commit');
      } finally {
        client.release();
      }
      expect((await userRow(id)).encrypted_password).toBe('admin-set');
    });

    it('is for signed-in members only; nobody reads the parked passwords', async () => {
      expect(await sqlState(queryAs('anon', 'select public.claim_signup_password($1)', ['x']))).toBe('42501');
      expect(await sqlState(queryAs('service_role', 'select public.claim_signup_password($1)', ['x']))).toBe('42501');
      const member = await createMember();
      for (const actor of ['anon', member, 'service_role'] as const) {
        expect(await sqlState(queryAs(actor, 'select * from private.signup_passwords'))).toBe('42501');
      }
    });
  });
});

// Accounts (issue 3): profile sync with auth.users, activation, user_settings, two-factor
// mirror, profile and e-mail RPCs, account status and the membership plans catalogue.
describe('accounts', () => {
  describe('profiles follow auth.users', () => {
    it('copies e-mail confirmation and a changed e-mail (lowercased) from auth.users', async () => {
      const member = await createMember();
      await admin().query('update auth.users set email_confirmed_at = null where id = $1', [member.id]);
      expect((await profileOf(member.id))?.email_confirmed).toBe(false);

      const newEmail = `Changed.${member.id.slice(0, 8)}@Example.TEST`;
      await admin().query('update auth.users set email = $2, email_confirmed_at = now() where id = $1', [
        member.id,
        newEmail,
      ]);
      const profile = await profileOf(member.id);
      expect(profile).toMatchObject({ email: newEmail.toLowerCase(), email_confirmed: true });
    });

    it('does not let a member change their own membership level or confirmation directly', async () => {
      const member = await createMember();
      expect(
        await sqlState(
          queryAs(member, "update public.profiles set membership_level = 'VIP' where user_id = $1", [member.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.profiles set email_confirmed = false where user_id = $1', [member.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, "update public.profiles set email = 'x@example.test' where user_id = $1", [member.id]),
        ),
      ).toBe('42501');
      expect(await profileOf(member.id)).toMatchObject({
        membership_level: 'FREE',
        email_confirmed: true,
        email: member.email,
      });
    });

    it('applies the profile rules to a direct PATCH of the own row too', async () => {
      const member = await createMember({ phone: '+48500100200' });
      expect(
        await errorOf(queryAs(member, "update public.profiles set phone = '12345' where user_id = $1", [member.id])),
      ).toEqual({
        code: '22023',
        message: 'profile.phone_invalid',
      });
      expect(
        await errorOf(queryAs(member, "update public.profiles set full_name = 'A' where user_id = $1", [member.id])),
      ).toEqual({
        code: '22023',
        message: 'profile.full_name_length',
      });
      expect((await profileOf(member.id))?.phone).toBe('+48500100200');
    });
  });

  describe('activation', () => {
    it("is Supabase Auth's own confirmation: no activation tokens, RPC or token column of our own", async () => {
      const { rows } = await admin().query(
        `select to_regclass('private.activation_tokens') as tokens,
              to_regprocedure('public.activate_account(text)') as activate,
              to_regprocedure('private.issue_activation_token(uuid)') as issue`,
      );
      expect(rows[0]).toEqual({ tokens: null, activate: null, issue: null });
      // The spec's profiles.confirmation_token does not exist either.
      const adminUser = await createAdmin();
      expect(await sqlState(queryAs(adminUser, 'select confirmation_token from public.profiles'))).toBe('42703');
    });

    it("confirming the e-mail in auth.users (what Auth's verify does) activates the profile", async () => {
      const member = await createUnactivatedMember();
      expect((await profileOf(member.id))?.email_confirmed).toBe(false);
      await admin().query('update auth.users set email_confirmed_at = now() where id = $1', [member.id]);
      expect(await emailConfirmedAt(member.id)).toBeInstanceOf(Date);
      expect((await profileOf(member.id))?.email_confirmed).toBe(true);
    });
  });

  describe('user_settings', () => {
    let member: TestUser;
    let otherMember: TestUser;
    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
      otherMember = await createMember({ fullName: 'Jan Kowalski' });
      adminUser = await createAdmin();
    });

    it('is created at sign-up with the defaults and the full name as display name', async () => {
      expect(await settingsOf(member.id)).toEqual({
        display_name: 'Anna Nowak',
        avatar_url: null,
        two_factor_enabled: false,
        theme: 'dark',
        notification_preferences: {},
      });
    });

    it('can be embedded in the profile read (profiles -> user_settings foreign key)', async () => {
      const { rows } = await admin().query(
        `select count(*)::int as links from pg_constraint
        where conrelid = 'public.user_settings'::regclass and confrelid = 'public.profiles'::regclass and contype = 'f'`,
      );
      expect(rows[0]?.links).toBe(1);
    });

    it('gives anon nothing', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.user_settings'))).toBe('42501');
      expect(await sqlState(queryAs('anon', "update public.user_settings set theme = 'light'"))).toBe('42501');
      expect(
        await sqlState(queryAs('anon', 'insert into public.user_settings (user_id) values ($1)', [member.id])),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'delete from public.user_settings'))).toBe('42501');
    });

    it('shows a member only their own row, an admin every row, a forged user_metadata.admin nothing more', async () => {
      const own = await queryAs<{ user_id: string }>(member, 'select user_id from public.user_settings');
      expect(own.map((row) => row.user_id)).toEqual([member.id]);
      const forged = withClaims(member, { user_metadata: { admin: true } });
      expect(
        (await queryAs<{ user_id: string }>(forged, 'select user_id from public.user_settings')).map(
          (row) => row.user_id,
        ),
      ).toEqual([member.id]);
      const all = await queryAs<{ user_id: string }>(adminUser, 'select user_id from public.user_settings');
      expect(all.map((row) => row.user_id)).toEqual(expect.arrayContaining([member.id, otherMember.id, adminUser.id]));
    });

    it('lets a member change display name, avatar, theme and notification preferences of their own row', async () => {
      const updated = await queryAs(
        member,
        `update public.user_settings set display_name = 'Ania', theme = 'light', avatar_url = 'https://cdn.example.test/a.jpg',
         notification_preferences = '{"withdrawal_completed": false}' where user_id = $1 returning display_name, theme, avatar_url, notification_preferences`,
        [member.id],
      );
      expect(updated).toEqual([
        {
          display_name: 'Ania',
          theme: 'light',
          avatar_url: 'https://cdn.example.test/a.jpg',
          notification_preferences: { withdrawal_completed: false },
        },
      ]);
      expect(
        await sqlState(
          queryAs(member, "update public.user_settings set theme = 'blue' where user_id = $1", [member.id]),
        ),
      ).toBe('23514');
    });

    it('does not let a member switch two-factor on, or move their row', async () => {
      expect(
        await sqlState(
          queryAs(member, 'update public.user_settings set two_factor_enabled = true where user_id = $1', [member.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.user_settings set user_id = $2 where user_id = $1', [
            member.id,
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect((await settingsOf(member.id))?.two_factor_enabled).toBe(false);
    });

    it("never changes another member's row (member or admin): 0 rows, unchanged", async () => {
      for (const actor of [member, adminUser]) {
        const rows = await queryAs(
          actor,
          "update public.user_settings set display_name = 'Hacked' where user_id = $1 returning id",
          [otherMember.id],
        );
        expect(rows).toEqual([]);
      }
      expect((await settingsOf(otherMember.id))?.display_name).toBe('Jan Kowalski');
    });

    it('denies inserts and deletes to members and admins', async () => {
      for (const actor of [member, adminUser]) {
        expect(
          await sqlState(queryAs(actor, 'insert into public.user_settings (user_id) values ($1)', [actor.id])),
        ).toBe('42501');
        expect(
          await sqlState(queryAs(actor, 'delete from public.user_settings where user_id = $1', [otherMember.id])),
        ).toBe('42501');
      }
      expect(await settingsOf(otherMember.id)).toBeDefined();
    });
  });

  describe('two_factor_enabled mirrors Supabase MFA', () => {
    it('is true exactly while a verified TOTP factor exists', async () => {
      const member = await createMember();
      const factor = await addMfaFactor(member.id, { status: 'unverified' });
      expect((await settingsOf(member.id))?.two_factor_enabled).toBe(false);

      await verifyMfaFactor(member.id, factor);
      expect((await settingsOf(member.id))?.two_factor_enabled).toBe(true);

      await removeMfaFactor(factor);
      expect((await settingsOf(member.id))?.two_factor_enabled).toBe(false);
    });

    it('ignores verified phone factors', async () => {
      const member = await createMember();
      await addMfaFactor(member.id, { type: 'phone', status: 'verified' });
      expect((await settingsOf(member.id))?.two_factor_enabled).toBe(false);
    });

    it('has no two_factor_secret column (the secret stays in auth.mfa_factors)', async () => {
      const member = await createMember();
      expect(await sqlState(queryAs(member, 'select two_factor_secret from public.user_settings'))).toBe('42703');
    });
  });

  describe('update_user_profile', () => {
    let member: TestUser;
    let otherMember: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak', phone: '+48500100200' });
      otherMember = await createMember({ fullName: 'Jan Kowalski' });
    });

    const call = (actor: TestUser | 'anon', args: Record<string, unknown>) => {
      const names = Object.keys(args);
      const sql = `select * from public.update_user_profile(${names.map((name, i) => `${name} => $${i + 1}`).join(', ')})`;
      return queryAs(actor, sql, Object.values(args));
    };

    it('updates profile and settings in one call and returns the joined row', async () => {
      const rows = await call(member, {
        p_user_id: member.id,
        p_full_name: '  Anna Maria Nowak ',
        p_display_name: ' Ania ',
        p_phone: '+48600700800',
      });
      expect(rows).toEqual([
        expect.objectContaining({
          user_id: member.id,
          full_name: 'Anna Maria Nowak',
          display_name: 'Ania',
          phone: '+48600700800',
          theme: 'dark',
          two_factor_enabled: false,
        }),
      ]);
      expect(await profileOf(member.id)).toMatchObject({ full_name: 'Anna Maria Nowak', phone: '+48600700800' });
    });

    it('updates only the avatar when only p_avatar_url is given (nulls keep values)', async () => {
      const url = `https://cdn.example.test/avatars/${member.id}/1.jpg`;
      const rows = await call(member, { p_user_id: member.id, p_avatar_url: url });
      expect(rows[0]).toMatchObject({
        avatar_url: url,
        full_name: 'Anna Maria Nowak',
        display_name: 'Ania',
        phone: '+48600700800',
      });
    });

    it('clears the phone and the avatar with empty strings', async () => {
      const rows = await call(member, { p_user_id: member.id, p_phone: '', p_avatar_url: '' });
      expect(rows[0]).toMatchObject({ phone: null, avatar_url: null, full_name: 'Anna Maria Nowak' });
    });

    it('refuses to edit someone else (auth.forbidden) and anon (no privilege)', async () => {
      expect(await errorOf(call(member, { p_user_id: otherMember.id, p_full_name: 'Hacked Name' }))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(call('anon', { p_user_id: member.id, p_full_name: 'Hacked Name' }))).toBe('42501');
      expect((await profileOf(otherMember.id))?.full_name).toBe('Jan Kowalski');
    });

    it.each([
      [{ p_full_name: '   ' }, 'profile.full_name_required'],
      [{ p_full_name: 'A' }, 'profile.full_name_length'],
      [{ p_full_name: 'x'.repeat(101) }, 'profile.full_name_length'],
      [{ p_display_name: '  ' }, 'profile.display_name_required'],
      [{ p_display_name: 'x'.repeat(51) }, 'profile.display_name_length'],
      [{ p_phone: '500100200' }, 'profile.phone_invalid'],
      [{ p_phone: '+0123456789' }, 'profile.phone_invalid'],
      [{ p_phone: '+48 500 100 200' }, 'profile.phone_invalid'],
      [{ p_avatar_url: 'javascript:alert(1)' }, 'profile.avatar_url_invalid'],
    ])('rejects %o with %s and changes nothing', async (args, key) => {
      const before = { ...(await profileOf(member.id)), ...(await settingsOf(member.id)) };
      expect(await errorOf(call(member, { p_user_id: member.id, ...args }))).toEqual({ code: '22023', message: key });
      expect({ ...(await profileOf(member.id)), ...(await settingsOf(member.id)) }).toEqual(before);
    });
  });

  describe('request_email_change', () => {
    let member: TestUser;
    let otherMember: TestUser;

    beforeAll(async () => {
      member = await createMember();
      otherMember = await createMember();
    });

    it('returns the trimmed, lowercased address and changes nothing yet', async () => {
      const wanted = `  New.Address.${member.id.slice(0, 8)}@Example.TEST `;
      const [row] = await queryAs<{ email: string }>(member, 'select public.request_email_change($1) as email', [
        wanted,
      ]);
      expect(row?.email).toBe(wanted.trim().toLowerCase());
      expect((await profileOf(member.id))?.email).toBe(member.email);
    });

    it.each([
      ['', '22023', 'email.required'],
      ['no-at-sign.example.test', '22023', 'email.invalid'],
      ['a b@example.test', '22023', 'email.invalid'],
      ['anna@localhost', '22023', 'email.invalid'],
    ])('rejects %j with %s %s', async (input, code, message) => {
      expect(await errorOf(queryAs(member, 'select public.request_email_change($1)', [input]))).toEqual({
        code,
        message,
      });
    });

    it('rejects the current address and one used by another account', async () => {
      expect(
        await errorOf(queryAs(member, 'select public.request_email_change($1)', [member.email.toUpperCase()])),
      ).toEqual({
        code: 'P0001',
        message: 'email.same_as_current',
      });
      expect(await errorOf(queryAs(member, 'select public.request_email_change($1)', [otherMember.email]))).toEqual({
        code: 'P0001',
        message: 'email.taken',
      });
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select public.request_email_change($1)', ['x@example.test']))).toBe(
        '42501',
      );
    });
  });

  describe('get_account_status', () => {
    it("answers 'missing', 'not_activated' or 'active' to anon and members, case-insensitively", async () => {
      const active = await createMember();
      const pending = await createUnactivatedMember();
      for (const actor of ['anon', active] as const) {
        const rows = await queryAs<{ a: string; b: string; c: string }>(
          actor,
          'select public.get_account_status($1) as a, public.get_account_status($2) as b, public.get_account_status($3) as c',
          [` ${active.email.toUpperCase()} `, pending.email, `nobody-${active.id}@example.test`],
        );
        expect(rows).toEqual([{ a: 'active', b: 'not_activated', c: 'missing' }]);
      }
    });
  });
});

// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
describe('admin area', () => {
  checkLedgerAfterEachTest();

  describe('deleting a member keeps the money records', () => {
    const deleteUser = (actor: TestUser, userId: string) =>
      queryAs<{ id: string }>(actor, `select public.admin_delete_user($1, 'Test') as id`, [userId]);

    it('is refused while the wallet holds money, by the RPC and by any other deletion', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await fundWallet(member, '12.50');
      expect(await errorOf(deleteUser(adminUser, member.id))).toEqual({
        code: 'P0001',
        message: 'admin.user_has_balance',
      });
      expect(await errorOf(admin().query('delete from auth.users where id = $1', [member.id]))).toEqual({
        code: 'P0001',
        message: 'admin.user_has_balance',
      });
      expect((await balanceOf(member.id))?.available_balance).toBe('12.50');
    });

    it('is refused while a withdrawal waits for payout', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      await pendingWithdrawal(member, 20);
      expect(await errorOf(deleteUser(adminUser, member.id))).toEqual({
        code: 'P0001',
        message: 'admin.user_has_pending_withdrawal',
      });
    });

    it('goes ahead once the wallet is empty: records stay anonymised, the member’s files are queued for removal', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const bystander = await createMember();
      const request = await pendingWithdrawal(member, 30);
      await claimWithdrawal(adminUser, request.id);
      await completeWithdrawal(adminUser, request.id, txHash());
      const files = [
        ['avatars', `${member.id}/1700000000000.jpg`],
        ['idea-images', `${member.id}/idea/1.png`],
        ['avatars', `${bystander.id}/1700000000001.jpg`],
        ['app-images', `${member.id}/not-a-member-folder.png`],
      ];
      for (const [bucket, name] of files) {
        await admin().query(
          "insert into storage.objects (bucket_id, name, owner_id, version) values ($1, $2, $3, '1')",
          [bucket, name, member.id],
        );
      }

      await deleteUser(adminUser, member.id);
      // remove-stored-files removes them through the Storage API after the commit (privacy).
      const { rows: queued } = await admin().query(
        'select bucket_id, name from private.storage_removals where name like $1 or name like $2 order by bucket_id, name',
        [`${member.id}/%`, `${bystander.id}/%`],
      );
      expect(queued).toEqual([
        { bucket_id: 'avatars', name: `${member.id}/1700000000000.jpg` },
        { bucket_id: 'idea-images', name: `${member.id}/idea/1.png` },
      ]);

      const { rows } = await admin().query(
        `select (select count(*) from auth.users where id = $1)::int as users,
              (select count(*) from public.wallet_transactions t join public.withdrawals w on w.id = t.withdrawal_id
                where w.id = $2 and t.user_id is null)::int as anonymised_ledger,
              (select user_id from public.withdrawals where id = $2) as withdrawal_user`,
        [member.id, request.id],
      );
      expect(rows[0]).toEqual({ users: 0, anonymised_ledger: 2, withdrawal_user: null });
      // The admin sees the anonymised record; members never do.
      expect(await queryAs(adminUser, 'select status from public.withdrawals where id = $1', [request.id])).toEqual([
        { status: 'completed' },
      ]);
      expect(await queryAs(bystander, 'select id from public.withdrawals where id = $1', [request.id])).toEqual([]);
    });

    it('the anonymised ledger stays append-only', async () => {
      const member = await createMember();
      await fundWallet(member, 5);
      const { rows } = await admin().query<{ id: string }>(
        'select id from public.wallet_transactions where user_id = $1',
        [member.id],
      );
      // Only the foreign key's "set null" after the wallet is gone may touch user_id.
      expect(
        await errorOf(
          admin().query('update public.wallet_transactions set user_id = null where id = $1', [rows[0]!.id]),
        ),
      ).toEqual({ code: 'P0001', message: 'wallet.ledger_append_only' });
    });
  });

  describe('admin_list_users at scale', () => {
    it('stops counting at 101 matches of a search (more than 100), and pages on regardless', async () => {
      const adminUser = await createAdmin();
      const marker = `zz${Math.random().toString(36).slice(2, 10)}`;
      await admin().query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              $1 || g || '@example.test', 'x', now(), '{"provider": "email"}',
              jsonb_build_object('full_name', 'Członek ' || $1 || ' ' || g), now(), now(), false
         from generate_series(1, 102) g`,
        [marker],
      );
      const pageOf = (offset: number, limit: number) =>
        queryAs<{ email: string; total_count: string }>(
          adminUser,
          "select * from public.admin_list_users($1, null, null, 'email', true, $2, $3)",
          [marker, limit, offset],
        );
      const first = await pageOf(0, 100);
      const last = await pageOf(100, 20);
      expect(Number(first[0]?.total_count)).toBe(101);
      expect(Number(last[0]?.total_count)).toBe(101);
      expect(new Set([...first, ...last].map((row) => row.email)).size).toBe(102);
    });
  });
});

// The admin member search: a whole e-mail address finds that
// member through the e-mail's b-tree; any other text is a part of the name, e-mail or phone (the
// e-mail matched with LIKE against the lowered text), in the list's order, counted up to 101.
describe('admin member search', () => {
  interface Listed {
    user_id: string;
    email: string;
    full_name: string;
    total_count: string;
  }

  const LIST = 'select * from public.admin_list_users($1, $2, $3, $4, $5, $6, $7)';

  let adminUser: TestUser;

  const marker = `qx${Math.random().toString(36).slice(2, 9)}`;

  /** `count` members straight into auth.users (the sign-up trigger makes their profiles): `<prefix><g>@example.test`. */
  async function insertMembers(prefix: string, count: number): Promise<void> {
    await admin().query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            $1 || g || '@example.test', 'x', now(), '{"provider": "email"}',
            jsonb_build_object('full_name', 'Członek ' || $1 || ' ' || g),
            now(), now(), false
       from generate_series(1, $2::int) g`,
      [prefix, count],
    );
  }

  /** What the list must show: the members whose name, e-mail or phone contains `text`, in the list's order. */
  async function expected(text: string, order: string): Promise<string[]> {
    const { rows } = await admin().query<{ email: string }>(
      `select p.email from public.profiles p
      where strpos(lower(p.full_name), lower($1)) > 0 or strpos(p.email, lower($1)) > 0
         or strpos(lower(coalesce(p.phone, '')), lower($1)) > 0
      order by ${order}`,
      [text],
    );
    return rows.map((row) => row.email);
  }

  beforeAll(async () => {
    adminUser = await createAdmin();
    // 130 members share '<marker>c'; 7 share '<marker>r', 2 of them '<marker>rz'.
    await insertMembers(`${marker}c`, 130);
    await insertMembers(`${marker}r`, 5);
    await insertMembers(`${marker}rz`, 2);
  });

  afterAll(async () => {
    await admin().query(`delete from auth.users where email like $1`, [`${marker}%`]);
  });

  describe('admin_list_users: the search', () => {
    it('a common fragment: the first 101 in order, counted as more than 100, in any case', async () => {
      const order = 'p.created_at asc, p.id asc';
      const all = await expected(`${marker}C`, order);
      expect(all).toHaveLength(130);
      const page = (offset: number, limit: number) =>
        queryAs<Listed>(adminUser, LIST, [`${marker}C`, null, null, 'created', true, limit, offset]);
      const first = await page(0, 100);
      expect(first.map((row) => row.email)).toEqual(all.slice(0, 100));
      expect(first.every((row) => row.total_count === '101')).toBe(true);
      const second = await page(100, 1);
      expect(second.map((row) => [row.email, row.total_count])).toEqual([[all[100], '101']]);
      // A page beyond the first 101 still pages on.
      expect((await page(120, 20)).map((row) => row.email)).toEqual(all.slice(120, 130));
    });

    it('a rarer fragment: every match, in each order', async () => {
      for (const [sort, ascending, order] of [
        ['created', true, 'p.created_at asc, p.id asc'],
        ['created', false, 'p.created_at desc, p.id desc'],
        ['email', false, 'p.email desc, p.id desc'],
        ['name', true, 'p.full_name asc, p.id asc'],
      ] as const) {
        const all = await expected(`${marker}r`, order);
        expect(all).toHaveLength(7);
        const rows = await queryAs<Listed>(adminUser, LIST, [`${marker}r`, null, null, sort, ascending, 20, 0]);
        expect(rows.map((row) => row.email)).toEqual(all);
        expect(rows.every((row) => row.total_count === '7')).toBe(true);
      }
    });

    it('with a filter: only the members it lets through count', async () => {
      const { rows: unconfirmed } = await admin().query<{ user_id: string }>(
        `update public.profiles set email_confirmed = false where email like $1 and email ~ '(1|2)@' returning user_id`,
        [`${marker}c%`],
      );
      expect(unconfirmed.length).toBeGreaterThan(0);
      const rows = await queryAs<Listed>(adminUser, LIST, [`${marker}c`, false, null, 'created', true, 100, 0]);
      expect(rows.map((row) => row.user_id).sort()).toEqual(unconfirmed.map((row) => row.user_id).sort());
      expect(rows.every((row) => row.total_count === String(unconfirmed.length))).toBe(true);
    });

    it('a whole e-mail address finds that member only, in any case; a part of it still finds every member containing it', async () => {
      const member = await createMember();
      const exact = await queryAs<Listed>(adminUser, LIST, [
        `  ${member.email.toUpperCase()} `,
        null,
        null,
        'created',
        false,
        20,
        0,
      ]);
      expect(exact.map((row) => [row.user_id, row.total_count])).toEqual([[member.id, '1']]);
      const whole = `${marker}rz1@example.test`;
      expect(
        (await queryAs<Listed>(adminUser, LIST, [whole, null, null, 'created', true, 20, 0])).map((r) => r.email),
      ).toEqual([whole]);
      // Only the address holds its local part: found in any case.
      const local = await queryAs<Listed>(adminUser, LIST, [
        member.email.split('@')[0]!.toUpperCase(),
        null,
        null,
        'created',
        false,
        20,
        0,
      ]);
      expect(local.map((row) => row.user_id)).toEqual([member.id]);
      // A part of an address is a part: both later members.
      const part = await queryAs<Listed>(adminUser, LIST, [`${marker}RZ`, null, null, 'created', true, 20, 0]);
      expect(part.map((row) => row.email)).toEqual(await expected(`${marker}rz`, 'p.created_at asc, p.id asc'));
      expect(part).toHaveLength(2);
      expect(
        await queryAs(adminUser, LIST, [`nikt.${marker}@example.test`, null, null, 'created', true, 20, 0]),
      ).toEqual([]);
    });

    it('refuses a search text over 200 characters', async () => {
      expect(await errorOf(queryAs(adminUser, LIST, ['a'.repeat(201), null, null, 'created', false, 20, 0]))).toEqual({
        code: '22023',
        message: 'admin.invalid_search',
      });
      expect(await queryAs(adminUser, LIST, ['ą'.repeat(200), null, null, 'created', false, 20, 0])).toEqual([]);
    });
  });
});

// Admin area, users tab (issue 3): list with search / filters / sorts, edit, delete, confirm e-mail.
describe('admin member tools', () => {
  type ListedUser = {
    id: string;
    user_id: string;
    full_name: string | null;
    email: string;
    phone: string | null;
    email_confirmed: boolean;
    membership_level: string;
    created_at: Date;
    updated_at: Date;
    display_name: string | null;
    avatar_url: string | null;
    two_factor_enabled: boolean;
    total_count: string;
  };

  const LIST = `select * from public.admin_list_users(p_search => $1, p_email_confirmed => $2, p_membership_level => $3,
  p_sort => $4, p_ascending => $5, p_limit => $6, p_offset => $7)`;

  function list(
    actor: TestUser | 'anon',
    options: {
      search?: string | null;
      confirmed?: boolean | null;
      level?: string | null;
      sort?: string | null;
      ascending?: boolean;
      limit?: number | null;
      offset?: number | null;
    } = {},
  ) {
    return queryAs<ListedUser>(actor, LIST, [
      options.search ?? null,
      options.confirmed ?? null,
      options.level ?? null,
      options.sort === undefined ? 'created' : options.sort,
      options.ascending ?? false,
      options.limit === undefined ? 20 : options.limit,
      options.offset === undefined ? 0 : options.offset,
    ]);
  }

  describe('admin_list_users', () => {
    const marker = `qx${randomBytes(4).toString('hex')}`;
    const phoneDigits = String(100_000 + Math.floor(Math.random() * 800_000));
    let adminUser: TestUser;
    let member: TestUser;
    let users: TestUser[];

    beforeAll(async () => {
      adminUser = await createAdmin();
      member = await createMember();
      // Names sort Adam < Basia < Cezary < Dorota; e-mails sort the other way round.
      users = [];
      for (const [name, local, confirmed] of [
        ['Adam', 'd', true],
        ['Basia', 'c', false],
        ['Cezary', 'b', true],
        ['Dorota', 'a', true],
      ] as const) {
        users.push(
          await createMember({
            fullName: `${name} ${marker.toUpperCase()}`,
            email: `${local}-${marker}@example.test`,
            phone: `+4850${phoneDigits}${users.length}`,
            confirmed,
          }),
        );
        await admin().query(
          'update public.profiles set created_at = now() + make_interval(secs => $2) where user_id = $1',
          [users.at(-1)!.id, users.length],
        );
      }
      await setMembershipLevel(users[2]!.id, 'VIP');
      await addMfaFactor(users[3]!.id);
    });

    it('is for admins only: members, forged user_metadata.admin and anon are refused', async () => {
      expect(await errorOf(list(member))).toEqual({ code: '42501', message: 'auth.forbidden' });
      expect(await errorOf(list(withClaims(member, { user_metadata: { admin: true } })))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(list('anon'))).toBe('42501');
    });

    it('searches full name, e-mail and phone case-insensitively and returns settings and total_count', async () => {
      const byName = await list(adminUser, { search: `  adam ${marker}  ` });
      expect(byName.map((row) => row.user_id)).toEqual([users[0]!.id]);
      expect(byName[0]).toMatchObject({
        email: users[0]!.email,
        display_name: `Adam ${marker.toUpperCase()}`,
        two_factor_enabled: false,
        total_count: '1',
      });

      const byEmail = await list(adminUser, { search: marker.toUpperCase() + '@EXAMPLE' });
      expect(byEmail.map((row) => row.user_id).sort()).toEqual(users.map((user) => user.id).sort());
      expect(byEmail.every((row) => row.total_count === '4')).toBe(true);
      expect(byEmail.find((row) => row.user_id === users[3]!.id)?.two_factor_enabled).toBe(true);

      const byPhone = await list(adminUser, { search: `50${phoneDigits}2` });
      expect(byPhone.map((row) => row.user_id)).toEqual([users[2]!.id]);
    });

    it('treats % and _ in the search text literally', async () => {
      expect(await list(adminUser, { search: `${marker}%` })).toEqual([]);
      expect(await list(adminUser, { search: `_-${marker}` })).toEqual([]);
    });

    it('filters by e-mail confirmation and membership level', async () => {
      const pending = await list(adminUser, { search: marker, confirmed: false });
      expect(pending.map((row) => row.user_id)).toEqual([users[1]!.id]);
      const vip = await list(adminUser, { search: marker, level: 'VIP', confirmed: true });
      expect(vip.map((row) => row.user_id)).toEqual([users[2]!.id]);
    });

    it('sorts by name, e-mail or creation date in both directions', async () => {
      const ids = (rows: ListedUser[]) => rows.map((row) => row.user_id);
      const [a, b, c, d] = users.map((user) => user.id);
      expect(ids(await list(adminUser, { search: marker, sort: 'name', ascending: true }))).toEqual([a, b, c, d]);
      expect(ids(await list(adminUser, { search: marker, sort: 'name', ascending: false }))).toEqual([d, c, b, a]);
      expect(ids(await list(adminUser, { search: marker, sort: 'email', ascending: true }))).toEqual([d, c, b, a]);
      expect(ids(await list(adminUser, { search: marker, sort: 'created', ascending: true }))).toEqual([a, b, c, d]);
      expect(ids(await list(adminUser, { search: marker, sort: 'created', ascending: false }))).toEqual([d, c, b, a]);
    });

    it('pages with limit and offset while total_count stays the number of matches', async () => {
      const page = await list(adminUser, { search: marker, sort: 'name', ascending: true, limit: 2, offset: 2 });
      expect(page.map((row) => [row.user_id, row.total_count])).toEqual([
        [users[2]!.id, '4'],
        [users[3]!.id, '4'],
      ]);
    });

    it.each([
      [{ sort: 'phone' }, 'admin.invalid_sort'],
      [{ sort: 'created; drop table public.profiles' }, 'admin.invalid_sort'],
      [{ sort: null }, 'admin.invalid_sort'],
      [{ limit: 0 }, 'admin.invalid_limit'],
      [{ limit: 101 }, 'admin.invalid_limit'],
      [{ offset: -1 }, 'admin.invalid_offset'],
    ])('rejects %o with %s', async (options, key) => {
      expect(await errorOf(list(adminUser, options))).toEqual({ code: '22023', message: key });
    });

    it('can answer the search from the trigram indexes', async () => {
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          "explain select id from public.profiles p where p.full_name ilike '%kowal%' or p.email ilike '%kowal%' or p.phone ilike '%kowal%'",
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        for (const index of ['profiles_full_name_trgm_idx', 'profiles_email_trgm_idx', 'profiles_phone_trgm_idx'])
          expect(plan).toContain(index);
      } finally {
        await client.query('rollback');
        client.release();
      }
    });
  });

  describe('admin_update_user', () => {
    let adminUser: TestUser;
    let member: TestUser;
    let target: TestUser;

    beforeAll(async () => {
      adminUser = await createAdmin();
      member = await createMember();
      target = await createMember({ fullName: 'Jan Kowalski', phone: '+48500100200' });
    });

    const UPDATE = `select * from public.admin_update_user(p_user_id => $1, p_full_name => $2, p_phone => $3,
    p_membership_level => $4, p_email_confirmed => $5)`;

    it('changes name, phone and level and returns the profile', async () => {
      const [row] = await queryAs(adminUser, UPDATE, [
        target.id,
        'Jan Maria Kowalski',
        '+48600700800',
        'PREMIUM',
        null,
      ]);
      expect(row).toMatchObject({
        user_id: target.id,
        full_name: 'Jan Maria Kowalski',
        phone: '+48600700800',
        membership_level: 'PREMIUM',
        email_confirmed: true,
      });
    });

    it('keeps values passed as null and clears the phone with an empty string', async () => {
      const [row] = await queryAs(adminUser, UPDATE, [target.id, null, '', null, null]);
      expect(row).toMatchObject({ full_name: 'Jan Maria Kowalski', phone: null, membership_level: 'PREMIUM' });
    });

    it('writes e-mail confirmation to auth.users (false clears, true sets) and the profile follows', async () => {
      await queryAs(adminUser, UPDATE, [target.id, null, null, null, false]);
      expect(await emailConfirmedAt(target.id)).toBeNull();
      expect((await profileOf(target.id))?.email_confirmed).toBe(false);

      await queryAs(adminUser, UPDATE, [target.id, null, null, null, true]);
      expect(await emailConfirmedAt(target.id)).toBeInstanceOf(Date);
      expect((await profileOf(target.id))?.email_confirmed).toBe(true);
    });

    it('validates with the profile rules', async () => {
      expect(await errorOf(queryAs(adminUser, UPDATE, [target.id, null, '0048 500', null, null]))).toEqual({
        code: '22023',
        message: 'profile.phone_invalid',
      });
      expect(await errorOf(queryAs(adminUser, UPDATE, [target.id, 'J', null, null, null]))).toEqual({
        code: '22023',
        message: 'profile.full_name_length',
      });
      expect(await errorOf(queryAs(adminUser, UPDATE, [target.id, null, null, 'GOLD', null]))).toMatchObject({
        code: '22P02',
      });
    });

    it('refuses members (also with forged user_metadata.admin) and unknown users', async () => {
      for (const actor of [member, withClaims(member, { user_metadata: { admin: true } })]) {
        expect(await errorOf(queryAs(actor, UPDATE, [member.id, null, null, 'VIP', null]))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
      expect(await sqlState(queryAs('anon', UPDATE, [member.id, null, null, 'VIP', null]))).toBe('42501');
      expect((await profileOf(member.id))?.membership_level).toBe('FREE');
      expect(
        await errorOf(
          queryAs(adminUser, UPDATE, ['00000000-0000-4000-8000-000000000000', 'Ktoś Inny', null, null, null]),
        ),
      ).toEqual({
        code: 'P0002',
        message: 'admin.user_not_found',
      });
    });
  });

  describe('admin_confirm_email', () => {
    it('confirms an unactivated account in auth.users and the profile, idempotently', async () => {
      const adminUser = await createAdmin();
      const pending = await createUnactivatedMember();
      const [row] = await queryAs(adminUser, 'select * from public.admin_confirm_email($1)', [pending.id]);
      expect(row).toMatchObject({ user_id: pending.id, email_confirmed: true });
      const confirmedAt = await emailConfirmedAt(pending.id);
      expect(confirmedAt).toBeInstanceOf(Date);
      await queryAs(adminUser, 'select * from public.admin_confirm_email($1)', [pending.id]);
      expect(await emailConfirmedAt(pending.id)).toEqual(confirmedAt);
    });

    it('refuses members and unknown users', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      const pending = await createUnactivatedMember();
      expect(await errorOf(queryAs(member, 'select * from public.admin_confirm_email($1)', [pending.id]))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await sqlState(queryAs('anon', 'select * from public.admin_confirm_email($1)', [pending.id]))).toBe(
        '42501',
      );
      expect(await emailConfirmedAt(pending.id)).toBeNull();
      expect(
        await errorOf(
          queryAs(adminUser, 'select * from public.admin_confirm_email($1)', ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toEqual({
        code: 'P0002',
        message: 'admin.user_not_found',
      });
    });
  });

  describe('admin_delete_user', () => {
    async function rowsOf(userId: string) {
      const { rows } = await admin().query(
        `select (select count(*) from auth.users where id = $1)::int as auth_users,
              (select count(*) from public.profiles where user_id = $1)::int as profiles,
              (select count(*) from public.user_settings where user_id = $1)::int as settings,
              (select count(*) from public.referral_codes where user_id = $1)::int as codes,
              (select count(*) from public.referral_relationships where referrer_id = $1 or referred_id = $1)::int as relationships`,
        [userId],
      );
      return rows[0];
    }

    it('deletes the auth user and, by cascade, everything of theirs', async () => {
      const adminUser = await createAdmin();
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const target = await signUpWithReferral(code.code);
      await createReferralCode(target);
      expect(await rowsOf(target.id)).toEqual({ auth_users: 1, profiles: 1, settings: 1, codes: 1, relationships: 1 });

      // The erasure is logged as the admin's in 'Wnioski RODO' (privacy).
      const [deleted] = await queryAs<{ id: string }>(adminUser, `select public.admin_delete_user($1, 'Test') as id`, [
        target.id,
      ]);
      expect(
        (await admin().query('select kind, channel from public.privacy_requests where id = $1', [deleted!.id])).rows,
      ).toEqual([{ kind: 'erasure', channel: 'admin' }]);
      expect(await rowsOf(target.id)).toEqual({ auth_users: 0, profiles: 0, settings: 0, codes: 0, relationships: 0 });
      expect(await rowsOf(referrer.id)).toMatchObject({ auth_users: 1, codes: 1 });
    });

    it('does not let an admin delete themself, and reports unknown users', async () => {
      const adminUser = await createAdmin();
      expect(await errorOf(queryAs(adminUser, `select public.admin_delete_user($1, 'Test')`, [adminUser.id]))).toEqual({
        code: 'P0001',
        message: 'admin.cannot_delete_self',
      });
      expect((await rowsOf(adminUser.id))?.auth_users).toBe(1);
      expect(
        await errorOf(
          queryAs(adminUser, `select public.admin_delete_user($1, 'Test')`, ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toEqual({
        code: 'P0002',
        message: 'admin.user_not_found',
      });
    });

    it('refuses members (also with forged user_metadata.admin) and anon', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      for (const actor of [member, withClaims(member, { user_metadata: { admin: true } })]) {
        expect(await errorOf(queryAs(actor, `select public.admin_delete_user($1, 'Test')`, [otherMember.id]))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
      }
      expect(await sqlState(queryAs('anon', `select public.admin_delete_user($1, 'Test')`, [otherMember.id]))).toBe(
        '42501',
      );
      expect((await rowsOf(otherMember.id))?.auth_users).toBe(1);
    });
  });
});

describe('profiles', () => {
  describe('profiles: row level security as PostgREST applies it', () => {
    let member: TestUser;
    let otherMember: TestUser;
    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
      otherMember = await createMember({ fullName: 'Jan Kowalski' });
      adminUser = await createAdmin();
    });

    it('creates the profile in the same transaction as the auth user', async () => {
      const { rows } = await admin().query(
        'select full_name, email, membership_level, email_confirmed from public.profiles where user_id = $1',
        [member.id],
      );
      expect(rows).toEqual([
        { full_name: 'Anna Nowak', email: member.email, membership_level: 'FREE', email_confirmed: true },
      ]);
    });

    it('lets a member see only their own profile row', async () => {
      const rows = await queryAs<{ user_id: string }>(member, 'select user_id from public.profiles');
      expect(rows.map((row) => row.user_id)).toEqual([member.id]);
    });

    it('shows anon no profile at all (no privilege on the table)', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.profiles'))).toBe('42501');
    });

    it('lets an admin (app_metadata.admin) see every profile', async () => {
      const rows = await queryAs<{ user_id: string }>(adminUser, 'select user_id from public.profiles');
      const ids = rows.map((row) => row.user_id);
      expect(ids).toEqual(expect.arrayContaining([member.id, otherMember.id, adminUser.id]));
    });

    it('ignores admin claimed in user_metadata', async () => {
      const forged = withClaims(member, { user_metadata: { admin: true } });
      const rows = await queryAs<{ user_id: string }>(forged, 'select user_id from public.profiles');
      expect(rows.map((row) => row.user_id)).toEqual([member.id]);
    });

    it("never changes another member's row", async () => {
      const updated = await queryAs(
        member,
        "update public.profiles set full_name = 'Hacked' where user_id = $1 returning id",
        [otherMember.id],
      );
      expect(updated).toEqual([]);
      const { rows } = await admin().query('select full_name from public.profiles where user_id = $1', [
        otherMember.id,
      ]);
      expect(rows[0]?.full_name).toBe('Jan Kowalski');
    });

    it('lets a member edit their name but not their membership level or confirmation', async () => {
      const renamed = await queryAs<{ full_name: string }>(
        member,
        "update public.profiles set full_name = 'Anna Maria Nowak' where user_id = $1 returning full_name",
        [member.id],
      );
      expect(renamed).toEqual([{ full_name: 'Anna Maria Nowak' }]);
      expect(
        await sqlState(
          queryAs(member, "update public.profiles set membership_level = 'VIP' where user_id = $1", [member.id]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, 'update public.profiles set email_confirmed = false where user_id = $1', [member.id]),
        ),
      ).toBe('42501');
      const { rows } = await admin().query(
        'select membership_level, email_confirmed from public.profiles where user_id = $1',
        [member.id],
      );
      expect(rows[0]).toEqual({ membership_level: 'FREE', email_confirmed: true });
    });

    it('denies members inserting or deleting profiles', async () => {
      expect(
        await sqlState(
          queryAs(member, 'insert into public.profiles (user_id, email) values ($1, $2)', [
            member.id,
            'x@example.test',
          ]),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs(member, 'delete from public.profiles where user_id = $1', [member.id]))).toBe(
        '42501',
      );
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    let member: TestUser;

    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
      adminUser = await createAdmin({ fullName: 'Ewa Zarząd' });
    });

    describe('13. small ones', () => {
      it('reserves the admin-like display names for admins', async () => {
        for (const name of ['Administrator Klubu', 'admin', 'Moderator Ania', 'Zespół ADMINISTRACJI']) {
          expect(
            await errorOf(
              queryAs(member, 'update public.profiles set full_name = $1 where user_id = $2', [name, member.id]),
            ),
          ).toEqual({ code: '22023', message: 'profile.full_name_reserved' });
        }
        await expect(createMember({ fullName: 'Administrator Klubu' })).rejects.toThrow('profile.full_name_reserved');
        expect(
          await queryAs(member, 'update public.profiles set full_name = $1 where user_id = $2 returning full_name', [
            'Badminton Ania',
            member.id,
          ]),
        ).toEqual([{ full_name: 'Badminton Ania' }]);
        expect(
          await queryAs(adminUser, 'update public.profiles set full_name = $1 where user_id = $2 returning full_name', [
            'Administrator Klubu',
            adminUser.id,
          ]),
        ).toEqual([{ full_name: 'Administrator Klubu' }]);
      });
    });
  });
});
