import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, withClaims, type TestUser } from '../helpers/db.ts';

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
    const { rows } = await admin().query('select full_name from public.profiles where user_id = $1', [otherMember.id]);
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
        queryAs(member, 'insert into public.profiles (user_id, email) values ($1, $2)', [member.id, 'x@example.test']),
      ),
    ).toBe('42501');
    expect(await sqlState(queryAs(member, 'delete from public.profiles where user_id = $1', [member.id]))).toBe(
      '42501',
    );
  });
});
