// The admin member search (20261128000200_admin_user_search.sql): a whole e-mail address finds that
// member through the e-mail's b-tree; any other text is a part of the name, e-mail or phone (the
// e-mail matched with LIKE against the lowered text), in the list's order, counted up to 101.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, type TestUser } from '../helpers/db.ts';

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
    expect(await queryAs(adminUser, LIST, [`nikt.${marker}@example.test`, null, null, 'created', true, 20, 0])).toEqual(
      [],
    );
  });

  it('refuses a search text over 200 characters', async () => {
    expect(await errorOf(queryAs(adminUser, LIST, ['a'.repeat(201), null, null, 'created', false, 20, 0]))).toEqual({
      code: '22023',
      message: 'admin.invalid_search',
    });
    expect(await queryAs(adminUser, LIST, ['ą'.repeat(200), null, null, 'created', false, 20, 0])).toEqual([]);
  });
});
