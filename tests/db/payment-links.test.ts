// Payment links: read by members (the plans and CCC payment dialogs open them), written only by
// admins, http(s) URLs only, one link per tier and method.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, type TestUser } from '../helpers/db.ts';

const tables = [
  { table: 'plan_payment_links', tier: 'PREMIUM', otherTier: 'VIP', badTier: 'FREE' },
  { table: 'ccc_payment_links', tier: 'GOLD', otherTier: 'SILVER', badTier: 'TITANIUM' },
] as const;

describe.each(tables)('$table', ({ table, tier, otherTier, badTier }) => {
  let member: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    adminUser = await createAdmin();
    await admin().query(`delete from public.${table} where tier in ($1, $2)`, [tier, otherTier]);
    await admin().query(
      `insert into public.${table} (tier, method, url) values ($1, 'acc', 'https://pay.example.com/a')`,
      [tier],
    );
  });

  it('is read by members, not by anon', async () => {
    const rows = await queryAs<{ url: string }>(
      member,
      `select url from public.${table} where tier = $1 and method = 'acc'`,
      [tier],
    );
    expect(rows).toEqual([{ url: 'https://pay.example.com/a' }]);
    expect(await sqlState(queryAs('anon', `select url from public.${table}`))).toBe('42501');
  });

  it('cannot be written by a member', async () => {
    const inserted = queryAs(
      member,
      `insert into public.${table} (tier, method, url) values ($1, 'usdt', 'https://evil.example.com/x')`,
      [tier],
    );
    expect(await sqlState(inserted)).toBe('42501');
    const updated = await queryAs(
      member,
      `update public.${table} set url = 'https://evil.example.com/x' where tier = $1 returning url`,
      [tier],
    );
    expect(updated).toEqual([]);
    const deleted = await queryAs(member, `delete from public.${table} where tier = $1 returning tier`, [tier]);
    expect(deleted).toEqual([]);
    const { rows } = await admin().query(`select url from public.${table} where tier = $1`, [tier]);
    expect(rows).toEqual([{ url: 'https://pay.example.com/a' }]);
  });

  it('is created, changed and deleted by an admin', async () => {
    await queryAs(
      adminUser,
      `insert into public.${table} (tier, method, url) values ($1, 'transfer', 'https://pay.example.com/t')`,
      [otherTier],
    );
    const [changed] = await queryAs<{ url: string }>(
      adminUser,
      `update public.${table} set url = 'https://pay.example.com/t2' where tier = $1 and method = 'transfer' returning url`,
      [otherTier],
    );
    expect(changed).toEqual({ url: 'https://pay.example.com/t2' });
    const deleted = await queryAs(adminUser, `delete from public.${table} where tier = $1 returning method`, [
      otherTier,
    ]);
    expect(deleted).toEqual([{ method: 'transfer' }]);
  });

  it('accepts only http(s) URLs, known tiers and methods, and one link per tier and method', async () => {
    const insert = (values: string) =>
      queryAs(adminUser, `insert into public.${table} (tier, method, url) values ${values}`);
    expect(await sqlState(insert(`('${tier}', 'usdt', 'javascript:alert(1)')`))).toBe('23514');
    expect(await sqlState(insert(`('${tier}', 'usdt', 'https://no-dot')`))).toBe('23514');
    expect(await sqlState(insert(`('${tier}', 'card', 'https://pay.example.com/c')`))).toBe('22P02');
    expect(await sqlState(insert(`('${badTier}', 'usdt', 'https://pay.example.com/c')`))).toMatch(/^(22P02|23503)$/);
    expect(await sqlState(insert(`('${tier}', 'acc', 'https://pay.example.com/dup')`))).toBe('23505');
  });
});
