// The 'paid_member_terms' counters (20261127000300_paid_member_terms.sql): the paid members per level and
// end date that the profit payout counts, kept by a profiles trigger through the main panel's counter queue. Whatever happens to a member's
// level or end date (set, changed, cleared, the account deleted, many members at once) the counts
// agree with the profiles, and the payout preview counts exactly the members whose term runs on the
// revenue entry's day.
import { describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs } from '../helpers/db.ts';

async function mismatches() {
  const { rows } = await admin().query('select * from private.paid_member_terms_mismatches()');
  return rows;
}

async function setTerm(userId: string, level: string, until: string | null) {
  await admin().query(
    `update public.profiles set membership_level = $2, membership_valid_until = $3::date where user_id = $1`,
    [userId, level, until],
  );
}

async function termCount(level: string, until: string | null): Promise<number> {
  const { rows } = await admin().query<{ members: number }>(
    `select coalesce(sum(value), 0)::int as members from private.dashboard_counters
      where kind = 'paid_member_terms' and key = private.paid_member_term_key($1, $2::date)`,
    [level, until],
  );
  return rows[0]!.members;
}

describe("the 'paid_member_terms' counters", () => {
  it('follows every change of a level or an end date, and a deleted account', async () => {
    const member = await createMember();
    const until = '2031-03-14';
    const before = { start: await termCount('START', until), vip: await termCount('VIP', until) };
    await setTerm(member.id, 'START', until);
    expect(await termCount('START', until)).toBe(before.start + 1);
    await setTerm(member.id, 'VIP', until);
    expect(await termCount('START', until)).toBe(before.start);
    expect(await termCount('VIP', until)).toBe(before.vip + 1);
    await setTerm(member.id, 'VIP', null);
    expect(await termCount('VIP', until)).toBe(before.vip);
    // A name change leaves the counts alone (the update trigger fires on the two columns only).
    await admin().query(`update public.profiles set full_name = 'Nowe Imię' where user_id = $1`, [member.id]);
    await setTerm(member.id, 'FREE', null);
    await setTerm(member.id, 'PREMIUM', until);
    await admin().query('delete from auth.users where id = $1', [member.id]);
    expect(await mismatches()).toEqual([]);
  });

  it('keeps every change of many members changing at once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember()));
    await Promise.all(members.map((member) => setTerm(member.id, 'PREMIUM', '2030-01-01')));
    await Promise.all(members.map((member, i) => setTerm(member.id, i % 2 ? 'START' : 'PREMIUM', '2030-06-30')));
    await admin().query(`update public.profiles set membership_valid_until = null where user_id = any($1)`, [
      members.map((member) => member.id),
    ]);
    expect(await mismatches()).toEqual([]);
  });

  it('gives the payout preview the members whose term runs on the entry’s day', async () => {
    const adminUser = await createAdmin();
    const { rows } = await admin().query<{ id: string; day: string }>(
      `insert into public.ecommerce_revenue (amount, created_at) values (1000, now() - interval '400 days')
       returning id, (created_at at time zone 'Europe/Warsaw')::date::text as day`,
    );
    const revenue = rows[0]!;
    // The preview and a count of the profiles in one statement (one snapshot: other files change
    // levels meanwhile).
    const previewAndCount = async () => {
      const [row] = await queryAs<{ preview: Record<string, number>; counted: Record<string, number> }>(
        adminUser,
        `select (select jsonb_object_agg(t.tier, t.members) from public.admin_preview_payout($1, 0.25) t) as preview,
                (select jsonb_object_agg(l.tier, (select count(*) from public.profiles p
                                                   where p.membership_level = l.tier
                                                     and (p.membership_valid_until is null or p.membership_valid_until >= $2::date)))
                   from unnest(array['START', 'PREMIUM', 'VIP']::public.membership_level[]) l(tier)) as counted`,
        [revenue.id, revenue.day],
      );
      return row!;
    };
    const member = await createMember();
    // A term that ends on the entry's day counts; one that ended the day before does not.
    await setTerm(member.id, 'VIP', revenue.day);
    const onTheDay = await previewAndCount();
    expect(onTheDay.preview).toEqual(onTheDay.counted);
    expect(onTheDay.preview.VIP).toBeGreaterThan(0);
    await admin().query(`update public.profiles set membership_valid_until = $2::date - 1 where user_id = $1`, [
      member.id,
      revenue.day,
    ]);
    const dayBefore = await previewAndCount();
    expect(dayBefore.preview).toEqual(dayBefore.counted);
    await admin().query('delete from public.ecommerce_revenue where id = $1', [revenue.id]);
  });
});
