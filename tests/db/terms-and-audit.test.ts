// The shared pieces of membership terms and the audit trail: the effective level at the boundary
// day, and an audit log that admins read, members never see, and nobody can change or delete.
import { describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState } from '../helpers/db.ts';

describe('private.effective_level', () => {
  const level = async (stored: string, validUntil: string | null, onDay: string) => {
    const { rows } = await admin().query<{ level: string }>(
      `select private.effective_level($1::public.membership_level, $2::date, $3::date) as level`,
      [stored, validUntil, onDay],
    );
    return rows[0]!.level;
  };

  it('keeps the stored level up to and including the last day, FREE the day after', async () => {
    expect(await level('PREMIUM', '2027-11-24', '2027-11-23')).toBe('PREMIUM');
    expect(await level('PREMIUM', '2027-11-24', '2027-11-24')).toBe('PREMIUM');
    expect(await level('PREMIUM', '2027-11-24', '2027-11-25')).toBe('FREE');
  });

  it('keeps a level without an end date, and FREE stays FREE', async () => {
    expect(await level('VIP', null, '2030-01-01')).toBe('VIP');
    expect(await level('FREE', '2020-01-01', '2030-01-01')).toBe('FREE');
  });
});

describe('public.admin_audit_log', () => {
  it('is appended by private.audit with only the changed fields, and read by admins only', async () => {
    const adminUser = await createAdmin();
    const member = await createMember();
    const target = await createMember();
    // As an admin function would run it: inside the admin's request, with the admin's claims.
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(adminUser.claims)]);
      await client.query(
        `select private.audit('user.level', 'profile', $1::text, $1::uuid,
                '{"membership_level":"FREE","full_name":"A"}', '{"membership_level":"VIP","full_name":"A"}')`,
        [target.id],
      );
      await client.query('commit');
    } finally {
      client.release();
    }

    const seen = await queryAs<{ actor_id: string; actor_email: string; before: unknown; after: unknown }>(
      adminUser,
      `select actor_id, actor_email, before, after from public.admin_audit_log where target_user_id = $1`,
      [target.id],
    );
    expect(seen).toEqual([
      {
        actor_id: adminUser.id,
        actor_email: adminUser.email,
        before: { membership_level: 'FREE' },
        after: { membership_level: 'VIP' },
      },
    ]);
    expect(await queryAs(member, `select id from public.admin_audit_log`)).toEqual([]);
    expect(await sqlState(queryAs('anon', `select id from public.admin_audit_log`))).toBe('42501');
  });

  it('cannot be written, changed or deleted through the API, nor changed by the table owner', async () => {
    const adminUser = await createAdmin();
    expect(
      await sqlState(
        queryAs(adminUser, `insert into public.admin_audit_log (action, target_type) values ('x.y', 'profile')`),
      ),
    ).toBe('42501');
    expect(await sqlState(queryAs(adminUser, `update public.admin_audit_log set action = 'x.z'`))).toBe('42501');
    expect(await sqlState(queryAs(adminUser, `delete from public.admin_audit_log`))).toBe('42501');
    expect(await sqlState(queryAs(adminUser, `select private.audit('x.y', 'p', null, null, null, null)`))).toBe(
      '42501',
    );

    await admin().query(`select private.audit('test.row', 'test', null, null, null, null)`);
    const changed = await errorOf(admin().query(`update public.admin_audit_log set action = 'test.changed'`));
    expect(changed?.message).toBe('audit.append_only');
    const deleted = await errorOf(admin().query(`delete from public.admin_audit_log where action = 'test.row'`));
    expect(deleted?.message).toBe('audit.append_only');
    const truncated = await errorOf(admin().query(`truncate public.admin_audit_log`));
    expect(truncated?.message).toBe('audit.append_only');
  });
});
