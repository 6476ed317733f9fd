// Admin area, users tab (issue 3): list with search / filters / sorts, edit, delete, confirm e-mail.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMfaFactor,
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import {
  createReferralCode,
  createUnactivatedMember,
  emailConfirmedAt,
  profileOf,
  setMembershipLevel,
  signUpWithReferral,
} from '../helpers/accounts-factories.ts';

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
    const [row] = await queryAs(adminUser, UPDATE, [target.id, 'Jan Maria Kowalski', '+48600700800', 'PREMIUM', null]);
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
    expect(await sqlState(queryAs('anon', 'select * from public.admin_confirm_email($1)', [pending.id]))).toBe('42501');
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

    // No files in storage: nothing for the browser to remove.
    expect(await queryAs(adminUser, 'select * from public.admin_delete_user($1)', [target.id])).toEqual([]);
    expect(await rowsOf(target.id)).toEqual({ auth_users: 0, profiles: 0, settings: 0, codes: 0, relationships: 0 });
    expect(await rowsOf(referrer.id)).toMatchObject({ auth_users: 1, codes: 1 });
  });

  it('does not let an admin delete themself, and reports unknown users', async () => {
    const adminUser = await createAdmin();
    expect(await errorOf(queryAs(adminUser, 'select public.admin_delete_user($1)', [adminUser.id]))).toEqual({
      code: 'P0001',
      message: 'admin.cannot_delete_self',
    });
    expect((await rowsOf(adminUser.id))?.auth_users).toBe(1);
    expect(
      await errorOf(
        queryAs(adminUser, 'select public.admin_delete_user($1)', ['00000000-0000-4000-8000-000000000000']),
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
      expect(await errorOf(queryAs(actor, 'select public.admin_delete_user($1)', [otherMember.id]))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
    }
    expect(await sqlState(queryAs('anon', 'select public.admin_delete_user($1)', [otherMember.id]))).toBe('42501');
    expect((await rowsOf(otherMember.id))?.auth_users).toBe(1);
  });
});
