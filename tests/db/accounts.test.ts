// Accounts (issue 3): profile sync with auth.users, activation, user_settings, two-factor
// mirror, profile and e-mail RPCs, account status and the membership plans catalogue.
import { beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PLANS } from '../helpers/spec-plans.ts';
import {
  addMfaFactor,
  removeMfaFactor,
  verifyMfaFactor,
  admin,
  asActor,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import { createUnactivatedMember, emailConfirmedAt, profileOf, settingsOf } from '../helpers/accounts-factories.ts';

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
    expect(await sqlState(queryAs('anon', 'insert into public.user_settings (user_id) values ($1)', [member.id]))).toBe(
      '42501',
    );
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
      await sqlState(queryAs(member, "update public.user_settings set theme = 'blue' where user_id = $1", [member.id])),
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
        queryAs(member, 'update public.user_settings set user_id = $2 where user_id = $1', [member.id, otherMember.id]),
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
      expect(await sqlState(queryAs(actor, 'insert into public.user_settings (user_id) values ($1)', [actor.id]))).toBe(
        '42501',
      );
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
    const [row] = await queryAs<{ email: string }>(member, 'select public.request_email_change($1) as email', [wanted]);
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
    expect(await sqlState(queryAs('anon', 'select public.request_email_change($1)', ['x@example.test']))).toBe('42501');
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

describe('membership_plans catalogue', () => {
  let member: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    adminUser = await createAdmin();
  });

  it('holds the three plans with the spec prices and shares, readable by anon and members', async () => {
    const expected = SPEC_PLANS;
    const sql =
      'select tier, yearly_price_pln, profit_share, idea_ownership, price_usdt, price_acc from public.membership_plans order by yearly_price_pln';
    expect(await queryAs('anon', sql)).toEqual(expected);
    expect(await queryAs(member, sql)).toEqual(expected);
  });

  it('is written by nobody but service_role', async () => {
    for (const actor of ['anon', member, adminUser] as const) {
      expect(
        await sqlState(queryAs(actor, "update public.membership_plans set yearly_price_pln = 1 where tier = 'START'")),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(actor, "insert into public.membership_plans values ('FREE', 1, 0.1, 0.1, 1, 1)")),
      ).toBe('42501');
      expect(await sqlState(queryAs(actor, "delete from public.membership_plans where tier = 'VIP'"))).toBe('42501');
    }
    const changed = await asActor(
      'service_role',
      (query) => query("update public.membership_plans set price_usdt = 1230 where tier = 'START' returning tier"),
      {
        rollback: true,
      },
    );
    expect(changed).toEqual([{ tier: 'START' }]);
    const { rows } = await admin().query(
      "select yearly_price_pln, price_usdt from public.membership_plans where tier = 'START'",
    );
    expect(rows[0]).toEqual({ yearly_price_pln: '4997.00', price_usdt: '1220.00' });
  });
});
