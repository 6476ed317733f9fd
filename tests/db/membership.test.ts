import { beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PLANS } from '../helpers/spec-plans.ts';
import { admin, asActor, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { profileOf, setMembershipLevel } from '../helpers/accounts-factories.ts';
import { notificationsOf, payForPlan } from '../helpers/money-factories.ts';

// Accounts (issue 3): profile sync with auth.users, activation, user_settings, two-factor
// mirror, profile and e-mail RPCs, account status and the membership plans catalogue.
describe('accounts', () => {
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
          await sqlState(
            queryAs(actor, "update public.membership_plans set yearly_price_pln = 1 where tier = 'START'"),
          ),
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
});

// The plans grid's and the CCC page's reads (product.md#dashboard-2, §9): plan benefits and descriptions
// in the catalogue, the ACC price computed by the database, and the site-wide CCC settings row
// (members read it, only admins change it).
describe('catalogue', () => {
  interface Plan {
    tier: string;
    yearly_price_pln: string;
    profit_share: string;
    idea_ownership: string;
    price_usdt: string;
    price_acc: string;
    description: string;
    benefits: string[];
  }

  describe('membership_plans: the plans grid reads everything from one row per plan', () => {
    let member: TestUser;

    beforeAll(async () => {
      member = await createMember();
    });

    it('holds the prices of §9 with a description and benefits for START, PREMIUM and VIP', async () => {
      const plans = await queryAs<Plan>(member, 'select * from public.membership_plans order by yearly_price_pln');
      expect(
        plans.map(({ tier, yearly_price_pln, profit_share, idea_ownership, price_usdt, price_acc }) => ({
          tier,
          yearly_price_pln,
          profit_share,
          idea_ownership,
          price_usdt,
          price_acc,
        })),
      ).toEqual(SPEC_PLANS);
      for (const plan of plans) {
        expect(plan.description.length).toBeGreaterThan(10);
        expect(plan.benefits.length).toBeGreaterThanOrEqual(3);
      }
    });

    it('cannot be changed by a member, and refuses empty benefits', async () => {
      const updated = queryAs(member, "update public.membership_plans set description = 'x' returning tier");
      expect(await sqlState(updated)).toBe('42501');
      const client = await admin().connect();
      try {
        await client.query('begin');
        const nullBenefit = client.query(
          "update public.membership_plans set benefits = array[null]::text[] where tier = 'VIP'",
        );
        expect(await sqlState(nullBenefit)).toBe('23514');
      } finally {
        await client.query('rollback');
        client.release();
      }
    });
  });
});

// The shared pieces of membership terms and the audit trail: the effective level at the boundary
// day, and an audit log that admins read, members never see, and nobody can change or delete.
describe('terms and audit', () => {
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
});

// Membership periods (issue 34): one history of levels on Warsaw days, the plan-change rules (pure,
// on boundary days) and plan orders as periods; the money invariant runs after every test
// (tests/setup/per-file.ts).
describe('membership periods', () => {
  type Level = 'FREE' | 'START' | 'PREMIUM' | 'VIP';

  interface Order {
    id: string;
    reference: string;
    user_id: string | null;
    kind: 'plan' | 'ccc';
    plan_tier: Level | null;
    ccc_tier: string | null;
    quantity: number;
    method: string;
    amount: string;
    currency: string;
    status: string;
    amount_received: string | null;
    shortfall: string | null;
    surplus: string | null;
    decided_via: string | null;
    tx_hash: string | null;
    network: string | null;
    replaces_order_id: string | null;
    cancel_reason: string | null;
    consent_text: string | null;
    consent_at: Date | null;
    buyer_name: string | null;
    buyer_email: string | null;
    expires_at: Date;
    refund_reason: string | null;
    refund_method: string | null;
    refund_reference: string | null;
    membership_valid_until: string | null;
  }

  interface Period {
    level: Level;
    first_day: string;
    last_day: string;
    source: string;
    order_id: string | null;
    extra_days: number;
    shortened_reason: string | null;
  }

  const CREATE_PLAN = `select * from public.create_payment_order(p_method => $1, p_plan_tier => $2, p_consent_text => 'Zgoda (test)')`;

  const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;

  const today = async (offset = 0): Promise<string> => {
    const { rows } = await admin().query<{ d: string }>(`select (private.warsaw_today() + $1::int)::text as d`, [
      offset,
    ]);
    return rows[0]!.d;
  };

  const yearEnd = async (first: string, extra = 0): Promise<string> => {
    const { rows } = await admin().query<{ d: string }>(
      `select (private.plan_year_end($1::date) + $2::int)::text as d`,
      [first, extra],
    );
    return rows[0]!.d;
  };

  async function price(tier: Level): Promise<number> {
    const { rows } = await admin().query<{ p: string }>(
      'select yearly_price_pln::text as p from public.membership_plans where tier = $1',
      [tier],
    );
    return Number(rows[0]!.p);
  }

  /** Free slots of a tier as members see them (active packages and reservations counted). */

  async function orderPlan(member: TestUser, tier: Level = 'START', method = 'transfer'): Promise<Order> {
    const [row] = await queryAs<Order>(member, CREATE_PLAN, [method, tier]);
    return row!;
  }

  async function confirm(
    orderId: string,
    received: string | null = null,
    hash: string | null = null,
    network: string | null = null,
  ) {
    const [row] = await queryAs<Order & { changed: boolean }>(adminUser, CONFIRM, [orderId, received, hash, network]);
    return row!;
  }

  async function orderById(id: string): Promise<Order> {
    const { rows } = await admin().query<Order>(
      `select *, membership_valid_until::text as membership_valid_until from public.payment_orders where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  /** The member's periods that ran or will run (not those cut before they started), in order. */

  async function periodsOf(userId: string): Promise<Period[]> {
    const { rows } = await admin().query<Period>(
      `select level, first_day::text, last_day::text, source, order_id, extra_days, shortened_reason
         from public.membership_periods
        where user_id = $1 and last_day >= first_day
        order by first_day`,
      [userId],
    );
    return rows;
  }

  async function levelOn(userId: string, day: string): Promise<Level> {
    const { rows } = await admin().query<{ l: Level }>(`select private.membership_level_on($1, $2::date) as l`, [
      userId,
      day,
    ]);
    return rows[0]!.l;
  }

  async function cacheOf(userId: string) {
    const { rows } = await admin().query<{ membership_level: Level; membership_valid_until: string | null }>(
      `select membership_level, membership_valid_until::text from public.profiles where user_id = $1`,
      [userId],
    );
    return rows[0]!;
  }

  /** A paid term as an admin edit would leave it (level until a day; null: no end date). */

  async function setTerm(userId: string, level: Level, until: string | null) {
    await admin().query(
      `update public.profiles set membership_level = $2, membership_valid_until = $3::date where user_id = $1`,
      [userId, level, until],
    );
  }

  /** The profile's cache as a change before midnight left it (what the hourly roll-over starts from). */
  async function cacheWrittenBefore(userId: string, level: Level, untilOffset: number) {
    await admin().query(
      `begin;
       select set_config('private.membership_sync', 'on', true);
       update public.profiles set membership_level = '${level}', membership_valid_until = private.warsaw_today() + ${untilOffset}
        where user_id = '${userId}';
       commit;`,
    );
  }

  let adminUser: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  describe('membership periods', () => {
    it('are read by their member and admins, by nobody else, and written by nobody through the API', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      await payForPlan(member.id, 'START');
      const own = await queryAs<Period>(member, `select level from public.membership_periods where user_id = $1`, [
        member.id,
      ]);
      expect(own).toEqual([{ level: 'START' }]);
      expect(
        await queryAs(otherMember, `select * from public.membership_periods where user_id = $1`, [member.id]),
      ).toEqual([]);
      expect(
        await queryAs(adminUser, `select level from public.membership_periods where user_id = $1`, [member.id]),
      ).toEqual([{ level: 'START' }]);
      expect(await sqlState(queryAs('anon', `select * from public.membership_periods`))).toBe('42501');
      for (const actor of [member, adminUser]) {
        expect(
          await sqlState(
            queryAs(
              actor,
              `insert into public.membership_periods (user_id, level, first_day, last_day, source)
               values ($1, 'VIP', current_date, current_date + 1000, 'backfill')`,
              [member.id],
            ),
          ),
        ).toBe('42501');
        expect(
          await sqlState(
            queryAs(actor, `update public.membership_periods set level = 'VIP' where user_id = $1`, [member.id]),
          ),
        ).toBe('42501');
        expect(
          await sqlState(queryAs(actor, `delete from public.membership_periods where user_id = $1`, [member.id])),
        ).toBe('42501');
      }
      expect((await periodsOf(member.id)).map((p) => p.level)).toEqual(['START']);
    });

    it('a day ends at midnight in Warsaw whatever the database time zone', async () => {
      const member = await createMember();
      await setTerm(member.id, 'VIP', await today(0));
      const read = (zone: string) =>
        asActor(member, async (query) => {
          await query(`select set_config('timezone', $1, true)`, [zone]);
          const [row] = await query<{ warsaw: string; local: string; level: Level }>(
            `select private.warsaw_today()::text as warsaw, current_date::text as local,
                    public.effective_membership_level(p) as level
               from public.profiles p where p.user_id = $1`,
            [member.id],
          );
          return row!;
        });
      // UTC+14 and UTC−11 are never on the same date; Warsaw's day and the level are the same in both.
      const east = await read('Pacific/Kiritimati');
      const west = await read('Pacific/Pago_Pago');
      expect(east.local).not.toBe(west.local);
      expect(east.warsaw).toBe(west.warsaw);
      expect(east.warsaw).toBe(await today(0));
      expect([east.level, west.level]).toEqual(['VIP', 'VIP']);

      // The Warsaw day of an instant, on the nights the clocks change (CET ↔ CEST).
      const { rows } = await admin().query<{
        spring: string;
        spring_before: string;
        autumn: string;
        autumn_before: string;
      }>(
        `select private.warsaw_day('2026-03-28 23:30:00+00')::text as spring,
                private.warsaw_day('2026-03-28 22:59:59+00')::text as spring_before,
                private.warsaw_day('2026-10-24 22:30:00+00')::text as autumn,
                private.warsaw_day('2026-10-24 21:59:59+00')::text as autumn_before`,
      );
      expect(rows[0]).toEqual({
        spring: '2026-03-29',
        spring_before: '2026-03-28',
        autumn: '2026-10-25',
        autumn_before: '2026-10-24',
      });
      expect(await levelOn(member.id, await today(0))).toBe('VIP');
      expect(await levelOn(member.id, await today(1))).toBe('FREE');
    });

    it('a direct write of the level becomes an audited admin period, and the cache follows the periods', async () => {
      const member = await createMember();
      const until = await today(40);
      await setTerm(member.id, 'PREMIUM', until);
      expect(await periodsOf(member.id)).toEqual([
        expect.objectContaining({ level: 'PREMIUM', first_day: await today(0), last_day: until, source: 'admin' }),
      ]);
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'PREMIUM', membership_valid_until: until });
      const { rows } = await admin().query<{ action: string }>(
        `select a.action from public.admin_audit_log a
           join public.membership_periods m on m.audit_id = a.id where m.user_id = $1`,
        [member.id],
      );
      expect(rows).toEqual([{ action: 'membership.edit' }]);
      await setMembershipLevel(member.id, 'FREE');
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'FREE', membership_valid_until: null });
      expect(await periodsOf(member.id)).toEqual([]);
    });

    it('a queued period counts from its first day even before the cache rolls over, and the job rolls it', async () => {
      const member = await createMember();
      const adminReader = adminUser;
      // VIP that ended yesterday, START queued from today; the cache still says VIP until yesterday.
      await admin().query(
        `insert into public.membership_periods (user_id, level, first_day, last_day, source)
         values ($1, 'VIP', private.warsaw_today() - 300, private.warsaw_today() - 1, 'backfill'),
                ($1, 'START', private.warsaw_today(), private.warsaw_today() + 60, 'backfill')`,
        [member.id],
      );
      await cacheWrittenBefore(member.id, 'VIP', -1);
      const [badge] = await queryAs<{ level: Level }>(
        member,
        `select public.effective_membership_level(p) as level from public.profiles p where p.user_id = $1`,
        [member.id],
      );
      expect(badge!.level).toBe('START');
      const [listed] = await queryAs<{ effective_level: Level }>(
        adminReader,
        `select effective_level from public.admin_list_users(p_search => $1)`,
        [member.email],
      );
      expect(listed!.effective_level).toBe('START');
      const [stats] = await queryAs<{ level: Level }>(
        member,
        `select public.get_dashboard_stats() -> 'me' ->> 'membership_level' as level`,
      );
      expect(stats!.level).toBe('START');
      const { rows: drift } = await admin().query(
        `select * from private.membership_cache_mismatches() where user_id = $1`,
        [member.id],
      );
      expect(drift).toHaveLength(1);

      await admin().query('select private.run_payment_jobs()');
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'START', membership_valid_until: await today(60) });
    });
  });

  describe('the level cache rolls over', () => {
    const stats = async (member: TestUser) => {
      const [row] = await queryAs<{ by_level: Record<Level, number> }>(
        member,
        `select public.get_dashboard_stats() -> 'members' -> 'by_level' as by_level`,
      );
      return row!.by_level;
    };

    it('a level that ran out is FREE in the cache with its end date; the main panel counted it FREE before the job too', async () => {
      const member = await createMember();
      const yesterday = await today(-1);
      // VIP ended yesterday; the cache still says so (written before midnight).
      await admin().query(
        `insert into public.membership_periods (user_id, level, first_day, last_day, source)
         values ($1, 'VIP', private.warsaw_today() - 200, private.warsaw_today() - 1, 'backfill')`,
        [member.id],
      );
      await cacheWrittenBefore(member.id, 'VIP', -1);
      const before = await stats(member);
      const [badge] = await queryAs<{ level: Level }>(
        member,
        `select public.effective_membership_level(p) as level from public.profiles p where p.user_id = $1`,
        [member.id],
      );
      expect(badge!.level).toBe('FREE');
      await admin().query('select private.run_payment_jobs()');
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'FREE', membership_valid_until: yesterday });
      expect(await stats(member)).toEqual(before);
      // The job leaves alone what is right: a second run rolls nobody.
      const { rows } = await admin().query<{ rolled: number }>(
        `select (private.run_payment_jobs() ->> 'rolled')::int as rolled`,
      );
      expect(rows[0]!.rolled).toBe(0);
    });

    it('a FREE member whose next period starts today counts at its level at once, and the job rolls the cache', async () => {
      const member = await createMember();
      // Nothing yesterday, START from today (written the day before: FREE until the day before it).
      await admin().query(
        `insert into public.membership_periods (user_id, level, first_day, last_day, source)
         values ($1, 'START', private.warsaw_today(), private.warsaw_today() + 30, 'backfill')`,
        [member.id],
      );
      await cacheWrittenBefore(member.id, 'FREE', -1);
      const [badge] = await queryAs<{ level: Level }>(
        member,
        `select public.effective_membership_level(p) as level from public.profiles p where p.user_id = $1`,
        [member.id],
      );
      expect(badge!.level).toBe('START');
      await admin().query('select private.run_payment_jobs()');
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'START', membership_valid_until: await today(30) });
    });
  });

  describe('plan-change rules (private.plan_change, pure)', () => {
    const change = async (
      tier: Level,
      day: string,
      current: Level | null,
      currentLast: string | null,
      queueEnd: string | null,
      oldPrice: number | null,
      newPrice: number,
    ) => {
      const { rows } = await admin().query<{
        first_day: string | null;
        last_day: string | null;
        extra_days: number;
        change: string;
      }>(
        `select first_day::text, last_day::text, extra_days, change
           from private.plan_change($1, $2::date, $3, $4::date, $5::date, $6, $7)`,
        [tier, day, current, currentLast, queueEnd, oldPrice, newPrice],
      );
      return rows[0]!;
    };

    it('a period starting on day D ends the day before D + 12 months, on every boundary day', async () => {
      const cases: [string, string][] = [
        ['2026-11-27', '2027-11-26'],
        ['2026-12-31', '2027-12-30'],
        ['2027-01-01', '2027-12-31'],
        ['2028-02-28', '2029-02-27'],
        ['2028-02-29', '2029-02-28'],
        ['2028-03-01', '2029-02-28'],
        ['2027-02-28', '2028-02-27'],
        ['2027-03-01', '2028-02-29'],
        // The days the clocks change in Warsaw (a calendar day is a day).
        ['2026-03-29', '2027-03-28'],
        ['2026-10-25', '2027-10-24'],
      ];
      for (const [first, last] of cases) {
        expect(await change('START', first, null, null, null, null, 4997)).toEqual({
          first_day: first,
          last_day: last,
          extra_days: 0,
          change: 'new',
        });
      }
    });

    it('a higher tier starts on the day with the unused days converted at list prices (the issue’s example)', async () => {
      // PREMIUM until 12.04.2027: 137 unused days from 27.11.2026; at 5000 → 10000 that is 68 days.
      expect(await change('VIP', '2026-11-27', 'PREMIUM', '2027-04-12', '2027-04-12', 5000, 10000)).toEqual({
        first_day: '2026-11-27',
        last_day: '2028-02-02',
        extra_days: 68,
        change: 'upgrade',
      });
      // An end date today: one unused day, worth less than a day of the higher tier.
      expect(await change('VIP', '2026-12-31', 'START', '2026-12-31', '2026-12-31', 4997, 49997)).toEqual({
        first_day: '2026-12-31',
        last_day: '2027-12-30',
        extra_days: 0,
        change: 'upgrade',
      });
      // Never a year of a higher tier for the price of a lower one: 365 START days are 36 VIP days.
      expect(await change('VIP', '2027-01-01', 'START', '2027-12-31', '2027-12-31', 4997, 49997)).toMatchObject({
        extra_days: 36,
        last_day: '2028-02-05',
      });
      // A period with no end date is not converted (it continues after the new one).
      expect(await change('VIP', '2027-01-01', 'START', 'infinity', 'infinity', 4997, 49997)).toMatchObject({
        extra_days: 0,
        last_day: '2027-12-31',
        change: 'upgrade',
      });
    });

    it('upgrades and renewals on the boundary days: 29 Feb, 31 Dec, the DST days, an end date today', async () => {
      // [tier, day, current level, its last day, list prices old → new], [first, last, extra days, change]
      const cases: [[Level, string, Level, string, number, number], [string, string, number, string]][] = [
        // On 29.02.2028, PREMIUM until 30.06.2028: 123 unused days × 14997 ÷ 49997 = 36 VIP days.
        [
          ['VIP', '2028-02-29', 'PREMIUM', '2028-06-30', 14997, 49997],
          ['2028-02-29', '2029-04-05', 36, 'upgrade'],
        ],
        // On the autumn DST day (25.10.2026), PREMIUM until 31.12.2026: 68 days × 14997 ÷ 49997 = 20.
        [
          ['VIP', '2026-10-25', 'PREMIUM', '2026-12-31', 14997, 49997],
          ['2026-10-25', '2027-11-13', 20, 'upgrade'],
        ],
        // On the spring DST day the current START ends that day: one unused day is worth no PREMIUM day.
        [
          ['PREMIUM', '2027-03-28', 'START', '2027-03-28', 4997, 14997],
          ['2027-03-28', '2028-03-27', 0, 'upgrade'],
        ],
        // A year ending on 31 Dec: the renewal and a lower tier both start on 1 Jan, for the calendar year.
        [
          ['START', '2026-12-31', 'START', '2026-12-31', 4997, 4997],
          ['2027-01-01', '2027-12-31', 0, 'renewal'],
        ],
        [
          ['START', '2026-12-31', 'VIP', '2026-12-31', 49997, 4997],
          ['2027-01-01', '2027-12-31', 0, 'queued'],
        ],
      ];
      for (const [[tier, day, current, last, oldPrice, newPrice], [first_day, last_day, extra_days, kind]] of cases) {
        expect(await change(tier, day, current, last, last, oldPrice, newPrice)).toEqual({
          first_day,
          last_day,
          extra_days,
          change: kind,
        });
      }
    });

    it('the same tier follows the current period, a lower tier is queued, never a downgrade today', async () => {
      expect(await change('PREMIUM', '2026-11-27', 'PREMIUM', '2026-11-27', '2026-11-27', 14997, 14997)).toEqual({
        first_day: '2026-11-28',
        last_day: '2027-11-27',
        extra_days: 0,
        change: 'renewal',
      });
      expect(await change('START', '2026-11-27', 'VIP', '2027-02-28', '2027-02-28', 49997, 4997)).toEqual({
        first_day: '2027-03-01',
        last_day: '2028-02-29',
        extra_days: 0,
        change: 'queued',
      });
      expect(await change('START', '2026-11-27', 'VIP', 'infinity', 'infinity', 49997, 4997)).toMatchObject({
        change: 'blocked',
        first_day: null,
      });
    });
  });

  describe('plan orders as periods', () => {
    it('START paid four times then VIP: VIP from today with the current START year converted, the rest queued after it', async () => {
      const member = await createMember();
      for (let i = 0; i < 4; i += 1) await payForPlan(member.id, 'START');
      const t = await today(0);
      expect((await periodsOf(member.id)).map((p) => [p.level, p.first_day])).toEqual([
        ['START', t],
        ['START', await today(0).then((d) => yearEnd(d, 1))],
        ['START', expect.any(String)],
        ['START', expect.any(String)],
      ]);
      const [preview] = await queryAs<{
        first_day: string;
        last_day: string;
        extra_days: number;
        from_level: Level;
        change: string;
      }>(
        member,
        `select first_day::text, last_day::text, extra_days, from_level, change from public.preview_plan_change('VIP')`,
      );
      const startYear = await yearEnd(t);
      const unused = (Date.parse(startYear) - Date.parse(t)) / 86_400_000 + 1;
      const extra = Math.floor((unused * (await price('START'))) / (await price('VIP')));
      expect(preview).toEqual({
        first_day: t,
        last_day: await yearEnd(t, extra),
        extra_days: extra,
        from_level: 'START',
        change: 'upgrade',
      });

      const vipOrder = await payForPlan(member.id, 'VIP');
      const periods = await periodsOf(member.id);
      expect(periods.map((p) => p.level)).toEqual(['VIP', 'START', 'START', 'START']);
      expect(periods[0]).toMatchObject({
        first_day: t,
        last_day: preview!.last_day,
        extra_days: extra,
        order_id: vipOrder,
      });
      // Three START years (not four, and not four VIP years) follow the VIP year.
      const vipEnd = new Date(preview!.last_day);
      vipEnd.setUTCDate(vipEnd.getUTCDate() + 1);
      expect(periods[1]!.first_day).toBe(vipEnd.toISOString().slice(0, 10));
      expect(await levelOn(member.id, t)).toBe('VIP');
      expect(await levelOn(member.id, periods[1]!.first_day)).toBe('START');
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'VIP', membership_valid_until: preview!.last_day });
      expect((await orderById(vipOrder)).membership_valid_until).toBe(preview!.last_day);
      const dmy = (day: string) => day.split('-').reverse().join('.');
      const notice = (await notificationsOf(member.id)).find((n) => n.content.includes('Plan VIP'));
      expect(notice?.content).toContain(
        `Plan VIP od ${dmy(t)} do ${dmy(preview!.last_day)} (w tym ${extra} dni za niewykorzystany okres START).`,
      );
    });

    it('buying START during a VIP term queues it after the VIP term; the level today stays VIP', async () => {
      const member = await createMember();
      const vipEnd = await today(100);
      await setTerm(member.id, 'VIP', vipEnd);
      const [preview] = await queryAs<{ change: string; first_day: string }>(
        member,
        `select change, first_day::text from public.preview_plan_change('START')`,
      );
      expect(preview).toEqual({ change: 'queued', first_day: await today(101) });
      const order = await orderPlan(member, 'START');
      const paid = await confirm(order.id);
      expect(paid.status).toBe('paid');
      expect(await levelOn(member.id, await today(0))).toBe('VIP');
      expect(await levelOn(member.id, await today(101))).toBe('START');
      expect((await profileOf(member.id))!.membership_level).toBe('VIP');
      const notice = (await notificationsOf(member.id)).find((n) => n.title === 'Płatność potwierdzona');
      expect(notice?.content).toContain(`Plan START od ${(await today(101)).split('-').reverse().join('.')}`);
    });

    it('a member with no end date keeps it: a higher tier goes first, the open-ended level after it; the same tier is refused', async () => {
      const member = await createMember();
      await setTerm(member.id, 'START', null);
      expect((await errorOf(orderPlan(member, 'START')))?.message).toBe('membership.open_ended');
      await payForPlan(member.id, 'PREMIUM');
      const t = await today(0);
      const periods = await periodsOf(member.id);
      expect(periods.map((p) => [p.level, p.last_day])).toEqual([
        ['PREMIUM', await yearEnd(t)],
        ['START', 'infinity'],
      ]);
      expect(await cacheOf(member.id)).toEqual({
        membership_level: 'PREMIUM',
        membership_valid_until: await yearEnd(t),
      });
    });

    it('an admin level edit ends the running period, adds its own with the reason audited, and keeps queued ones behind it', async () => {
      const member = await createMember();
      await payForPlan(member.id, 'START');
      const renewal = await payForPlan(member.id, 'START');
      const renewalDays = async () => {
        const { rows } = await admin().query<{ days: number; first_day: string }>(
          `select last_day - first_day as days, first_day::text from public.membership_periods where order_id = $1`,
          [renewal],
        );
        return rows[0]!;
      };
      const lengthBefore = (await renewalDays()).days;
      const until = await today(10);
      await queryAs(
        adminUser,
        `select public.admin_update_user($1, p_membership_level => 'VIP', p_membership_valid_until => $2::date, p_reason => 'Nagroda za konkurs')`,
        [member.id, until],
      );
      const periods = await periodsOf(member.id);
      expect(periods).toEqual([
        expect.objectContaining({ level: 'VIP', source: 'admin', last_day: until }),
        expect.objectContaining({ level: 'START', source: 'order', order_id: renewal, first_day: await today(11) }),
      ]);
      expect((await renewalDays()).days).toBe(lengthBefore);
      // FREE ends everything from today (the paid orders stay paid, to be refunded if the club decides).
      await queryAs(
        adminUser,
        `select public.admin_update_user($1, p_membership_level => 'FREE', p_reason => 'Blokada')`,
        [member.id],
      );
      expect(await periodsOf(member.id)).toEqual([]);
      expect(await cacheOf(member.id)).toEqual({ membership_level: 'FREE', membership_valid_until: null });
      const { rows } = await admin().query<{ after: Record<string, unknown> }>(
        `select a.after from public.admin_audit_log a
          where a.action = 'membership.edit' and a.target_user_id = $1 order by a.id`,
        [member.id],
      );
      expect(rows.map((row) => row.after)).toEqual([
        expect.objectContaining({ membership_level: 'VIP', reason: 'Nagroda za konkurs' }),
        expect.objectContaining({ membership_level: 'FREE', reason: 'Blokada' }),
      ]);
      expect(
        await sqlState(
          queryAs(member, `select public.admin_update_user($1, p_membership_level => 'VIP')`, [member.id]),
        ),
      ).toBe('42501');
    });
  });
});
