import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, claimsOf, createMember, errorOf, queryAs, type TestUser } from '../helpers/db.ts';
import { setMembershipLevel } from '../helpers/accounts-factories.ts';
import { createApp, createIdea } from '../helpers/content-factories.ts';
import { occupySlots } from '../helpers/money-factories.ts';

// get_dashboard_stats: the main panel in one call, aggregates only.
describe('dashboard', () => {
  type Stats = {
    apps: { count: number; current_value: number; projected_value: number; revenue: number };
    ideas: { total: number; pending: number; approved: number; rejected: number; mine: number };
    members: { confirmed: number; by_level: Record<'FREE' | 'START' | 'PREMIUM' | 'VIP', number> };
    revenue: { latest_amount: number | null; latest_at: string | null; pools: Record<string, number> };
    ccc: { active: number; by_tier: Record<string, number> };
    me: { membership_level: string };
  };

  /**
   * The truth and the RPC's answer from one REPEATABLE READ snapshot (other test files write to the
   * same database concurrently): the truth read as superuser, then the RPC called as `member`.
   */
  async function statsWithTruth(member: TestUser) {
    const client: pg.PoolClient = await admin().connect();
    try {
      await client.query('begin isolation level repeatable read');
      const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;
      const truth = {
        apps: await one<{ count: string; current_value: string }>(
          'select count(*), coalesce(sum(current_value), 0) as current_value from public.apps',
        ),
        ideas: await one<{ total: string; pending: string; approved: string }>(
          "select count(*) as total, count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'approved') as approved from public.app_ideas",
        ),
        mine: await one<{ count: string }>('select count(*) from public.app_ideas where submitted_by = $1', [
          member.id,
        ]),
        members: await one<{ confirmed: string; vip: string; premium: string; unconfirmed: string }>(
          "select count(*) filter (where email_confirmed) as confirmed, count(*) filter (where email_confirmed and private.membership_level_on(user_id) = 'VIP') as vip, count(*) filter (where email_confirmed and private.membership_level_on(user_id) = 'PREMIUM') as premium, count(*) filter (where not email_confirmed) as unconfirmed from public.profiles",
        ),
        revenue: await one<{ amount: string } | undefined>(
          'select amount from public.ecommerce_revenue order by created_at desc limit 1',
        ),
        ccc: await one<{ active: string; diamond: string }>(
          "select count(*) as active, count(*) filter (where package_tier = 'DIAMOND') as diamond from public.ccc_assignments where end_date >= now()",
        ),
      };
      const claims = claimsOf(member);
      await client.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify(claims)],
      );
      const stats = (await one<{ stats: Stats }>('select public.get_dashboard_stats() as stats')).stats;
      return { truth, stats };
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  describe('get_dashboard_stats', () => {
    let member: TestUser;

    beforeAll(async () => {
      member = await createMember();
      const vip = await createMember();
      await setMembershipLevel(vip.id, 'VIP');
      await createMember({ confirmed: false });
      await createApp({ current_value: 1000, projected_value: 5000 });
      await createIdea(member);
      await createIdea(member, { status: 'approved' });
      await admin().query(
        "insert into public.ecommerce_revenue (amount, created_at) values (1000, now() - interval '1 day'), (20000, now())",
      );
      // DIAMOND: no other test file counts its free slots.
      await occupySlots('DIAMOND', 1, vip.id);
      await occupySlots('DIAMOND', 1, vip.id, { expired: true });
    });

    it('answers the main panel in one call, with numbers that match the tables', async () => {
      const { truth, stats } = await statsWithTruth(member);
      expect(stats.apps.count).toBe(Number(truth.apps.count));
      expect(stats.apps.current_value).toBe(Number(truth.apps.current_value));
      expect(stats.ideas).toMatchObject({
        total: Number(truth.ideas.total),
        pending: Number(truth.ideas.pending),
        approved: Number(truth.ideas.approved),
        mine: 2,
      });
      expect(Number(truth.mine.count)).toBe(2);
      // Unconfirmed members exist and are not counted.
      expect(Number(truth.members.unconfirmed)).toBeGreaterThan(0);
      expect(stats.members.confirmed).toBe(Number(truth.members.confirmed));
      expect(stats.members.by_level.VIP).toBe(Number(truth.members.vip));
      expect(Object.values(stats.members.by_level).reduce((a, b) => a + b, 0)).toBe(stats.members.confirmed);
      expect(stats.ccc.active).toBe(Number(truth.ccc.active));
      expect(stats.ccc.by_tier.DIAMOND).toBe(Number(truth.ccc.diamond));
      expect(stats.ccc.by_tier.DIAMOND).toBeGreaterThanOrEqual(1);
      expect(stats.me.membership_level).toBe('FREE');
    });

    it('counts a member whose paid level ended as FREE, and tells them their level is FREE', async () => {
      const lapsed = await createMember();
      await admin().query(
        "update public.profiles set membership_level = 'PREMIUM', membership_valid_until = private.warsaw_today() - 1 where user_id = $1",
        [lapsed.id],
      );
      const { truth, stats } = await statsWithTruth(lapsed);
      expect(stats.me.membership_level).toBe('FREE');
      expect(stats.members.by_level.VIP).toBe(Number(truth.members.vip));
      expect(Object.values(stats.members.by_level).reduce((a, b) => a + b, 0)).toBe(stats.members.confirmed);
      expect(stats.members.by_level.PREMIUM).toBe(Number(truth.members.premium));
    });

    it('computes the profit pools from the latest revenue and the plan shares (5 %, 15 %, 20 %)', async () => {
      const { truth, stats } = await statsWithTruth(member);
      const latest = Number(truth.revenue?.amount);
      expect(stats.revenue.latest_amount).toBe(latest);
      expect(stats.revenue.pools).toEqual({
        START: +(latest * 0.05).toFixed(2),
        PREMIUM: +(latest * 0.15).toFixed(2),
        VIP: +(latest * 0.2).toFixed(2),
      });
    });

    it('is refused to anon', async () => {
      expect((await errorOf(queryAs('anon', 'select public.get_dashboard_stats()')))?.code).toBe('42501');
    });

    it('exposes no names or e-mails', async () => {
      const [row] = await queryAs<{ stats: Stats }>(member, 'select public.get_dashboard_stats() as stats');
      expect(JSON.stringify(row?.stats)).not.toMatch(/@/);
    });
  });
});

// The 'paid_member_terms' counters: the paid members per level and
// end date that the profit payout counts, kept by a profiles trigger through the main panel's counter queue. Whatever happens to a member's
// level or end date (set, changed, cleared, the account deleted, many members at once) the counts
// agree with the profiles, and the payout preview counts exactly the members whose term runs on the
// revenue entry's day.
describe('paid member terms', () => {
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
  });
});
