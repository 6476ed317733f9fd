// Money in, right to the grosz (issue 34): membership periods as the one history of levels (Warsaw
// days), the plan-change rules, the one confirmation path (underpaid, overpaid, late money), orders
// with a fixed price, expiry and CCC reservations, and refunds that undo what an order granted. The
// money invariant (private.money_in_mismatches) is checked after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferralCode,
  profileOf,
  race,
  setMembershipLevel,
  signUpWithReferral,
} from '../helpers/accounts-factories.ts';
import {
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
import { freeSlots, notificationsOf, occupySlots, payForPlan, txHash } from '../helpers/money-factories.ts';

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

const CREATE_PLAN = `select * from public.create_payment_order(p_method => $1, p_plan_tier => $2)`;
const CREATE_CCC = `select * from public.create_payment_order(p_method => $1, p_ccc_tier => $2, p_quantity => $3)`;
const CONFIRM = `select changed, (payment_order).* from public.admin_confirm_payment($1, $2, $3, $4)`;
const REFUND = `select changed, (payment_order).* from public.admin_refund_payment($1, $2, $3, $4)`;

let adminUser: TestUser;
let startedAt: string;
let settingsBefore: { order_expiry_days: number; daily_order_limit: number };

beforeAll(async () => {
  adminUser = await createAdmin();
  startedAt = (await admin().query<{ now: string }>('select now()::text as now')).rows[0]!.now;
  settingsBefore = (
    await admin().query<{ order_expiry_days: number; daily_order_limit: number }>(
      'select order_expiry_days, daily_order_limit from public.payment_settings',
    )
  ).rows[0]!;
});

afterAll(async () => {
  // Other files count CCC slots afterwards: the packages of this file end now (those of paid orders
  // stay, as the money invariant wants), and its pending orders reserve nothing any more.
  await admin().query(`delete from public.ccc_assignments where created_at >= $1 and order_id is null`, [startedAt]);
  await admin().query(
    `update public.ccc_assignments set end_date = greatest(now() - interval '1 second', start_date + interval '1 microsecond')
      where created_at >= $1 and order_id is not null and end_date >= now()`,
    [startedAt],
  );
  await admin().query(
    `update public.payment_orders set expires_at = now() where created_at >= $1 and status = 'pending'`,
    [startedAt],
  );
  await admin().query('update public.payment_settings set order_expiry_days = $1, daily_order_limit = $2', [
    settingsBefore.order_expiry_days,
    settingsBefore.daily_order_limit,
  ]);
});

// The books agree after every test: paid orders have exactly what they should, refunded ones
// nothing left running, periods never overlap, the level cache says what the periods say.
afterEach(async () => {
  const { rows } = await admin().query('select * from private.money_in_mismatches()');
  expect(rows).toEqual([]);
});

const today = async (offset = 0): Promise<string> => {
  const { rows } = await admin().query<{ d: string }>(`select (private.warsaw_today() + $1::int)::text as d`, [offset]);
  return rows[0]!.d;
};

const yearEnd = async (first: string, extra = 0): Promise<string> => {
  const { rows } = await admin().query<{ d: string }>(`select (private.plan_year_end($1::date) + $2::int)::text as d`, [
    first,
    extra,
  ]);
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
async function available(tier: string): Promise<number> {
  const { rows } = await admin().query<{ n: number }>('select private.ccc_free_slots($1) as n', [tier]);
  return rows[0]!.n;
}

async function orderPlan(member: TestUser, tier: Level = 'START', method = 'transfer'): Promise<Order> {
  const [row] = await queryAs<Order>(member, CREATE_PLAN, [method, tier]);
  return row!;
}

async function orderCcc(member: TestUser, tier: string, quantity = 1, method = 'usdt'): Promise<Order> {
  const [row] = await queryAs<Order>(member, CREATE_CCC, [method, tier, quantity]);
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

async function refund(orderId: string, reason = 'Rezygnacja w terminie', method = 'transfer', reference = 'ZWROT-1') {
  const [row] = await queryAs<Order & { changed: boolean }>(adminUser, REFUND, [orderId, reason, method, reference]);
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
    await admin().query(
      `begin;
       select set_config('private.membership_sync', 'on', true);
       update public.profiles set membership_level = 'VIP', membership_valid_until = private.warsaw_today() - 1
        where user_id = '${member.id}';
       commit;`,
    );
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
    expect(await cacheOf(member.id)).toEqual({ membership_level: 'PREMIUM', membership_valid_until: await yearEnd(t) });
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
      await sqlState(queryAs(member, `select public.admin_update_user($1, p_membership_level => 'VIP')`, [member.id])),
    ).toBe('42501');
  });
});

describe('the one confirmation path', () => {
  it('less than the price: Niedopłata with the shortfall, nothing granted; a second payment completes it', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'START');
    const part = await confirm(order.id, '1000.00');
    expect(part).toMatchObject({
      status: 'underpaid',
      amount_received: '1000.00',
      shortfall: '3997.00',
      decided_via: 'admin',
    });
    expect(await periodsOf(member.id)).toEqual([]);
    expect((await profileOf(member.id))!.membership_level).toBe('FREE');
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Niedopłata');
    // The admin's default is what is still due.
    const rest = await confirm(order.id);
    expect(rest).toMatchObject({ status: 'paid', amount_received: '4997.00', shortfall: null, surplus: null });
    expect((await profileOf(member.id))!.membership_level).toBe('START');
  });

  it('more than the price: paid, with the surplus recorded and told', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'START');
    expect(await confirm(order.id, '5000.00')).toMatchObject({ status: 'paid', surplus: '3.00' });
    const notice = (await notificationsOf(member.id)).find((n) => n.title === 'Płatność potwierdzona');
    expect(notice?.content).toContain('Nadpłata: 3.00 PLN.');
  });

  it('records who decided: the gateway and the chain verifier go through the same function; members cannot call it', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'START', 'usdt');
    const hash = txHash();
    await admin().query(`select private.confirm_payment($1, 1220, 'chain', null, $2, 'BSC')`, [order.id, hash]);
    expect(await orderById(order.id)).toMatchObject({
      status: 'paid',
      decided_via: 'chain',
      network: 'BSC',
      tx_hash: hash,
    });
    const other = await orderPlan(member, 'START', 'transfer');
    expect(
      await sqlState(queryAs(member, `select * from private.confirm_payment($1, 4997, 'gateway', null)`, [other.id])),
    ).toBe('42501');
    expect(await sqlState(queryAs(member, CONFIRM, [other.id, null, null, null]))).toBe('42501');
    expect(await sqlState(queryAs('anon', CONFIRM, [other.id, null, null, null]))).toBe('42501');
    const noMfa = withClaims(adminUser, { aal: 'aal1' });
    expect(await sqlState(queryAs(noMfa, CONFIRM, [other.id, null, null, null]))).toBe('42501');
  });

  it('one USDT transaction confirms one order only', async () => {
    const member = await createMember();
    const first = await orderPlan(member, 'START', 'usdt');
    const second = await orderPlan(member, 'PREMIUM', 'usdt');
    const hash = txHash();
    await confirm(first.id, null, hash, 'ERC20');
    expect(
      (await errorOf(queryAs(adminUser, CONFIRM, [second.id, null, hash.toUpperCase().replace('0X', '0x'), 'ERC20'])))
        ?.message,
    ).toBe('payments.tx_hash_used');
    expect((await orderById(second.id)).status).toBe('pending');
    // The same hash on another network is another transaction.
    expect(await confirm(second.id, null, hash, 'BSC')).toMatchObject({ status: 'paid' });
  });

  it('money for an expired order: confirmed at its fixed price if still available, else Do zwrotu', async () => {
    const member = await createMember();
    const plan = await orderPlan(member, 'START');
    await admin().query(`update public.payment_orders set expires_at = now() - interval '1 minute' where id = $1`, [
      plan.id,
    ]);
    await admin().query('select private.expire_payment_orders()');
    expect((await orderById(plan.id)).status).toBe('expired');
    expect(await confirm(plan.id)).toMatchObject({ status: 'paid', amount: plan.amount });

    // A CCC order whose reservation lapsed and whose slot went to somebody else.
    const holder = await createMember();
    const ccc = await orderCcc(member, 'PLATINUM', 1);
    await admin().query(`update public.payment_orders set expires_at = now() - interval '1 minute' where id = $1`, [
      ccc.id,
    ]);
    await admin().query('select private.expire_payment_orders()');
    await occupySlots('PLATINUM', await available('PLATINUM'), holder.id);
    const late = await confirm(ccc.id);
    expect(late).toMatchObject({ status: 'to_refund', amount_received: ccc.amount });
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność do zwrotu');
    // Visible to the admin until refunded.
    const [listed] = await queryAs<{ status: string }>(
      adminUser,
      `select status from public.admin_list_payment_orders('to_refund', null, $1, 20, 0)`,
      [ccc.reference],
    );
    expect(listed!.status).toBe('to_refund');
    expect(await refund(ccc.id, 'Brak wolnego pakietu', 'usdt', txHash())).toMatchObject({ status: 'refunded' });
  });
});

describe('orders', () => {
  it('fix their price: pressing pay again after a price change cancels the old order and makes a new reference', async () => {
    const member = await createMember();
    const first = await orderPlan(member, 'PREMIUM');
    const oldPrice = await price('PREMIUM');
    try {
      await admin().query(
        'update public.membership_plans set yearly_price_pln = yearly_price_pln + 100 where tier = $1',
        ['PREMIUM'],
      );
      const second = await orderPlan(member, 'PREMIUM');
      expect(second.reference).not.toBe(first.reference);
      expect(second.replaces_order_id).toBe(first.id);
      expect(Number(second.amount)).toBe(oldPrice + 100);
      expect(await orderById(first.id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'price_changed',
        amount: first.amount,
      });
      // Pressing pay once more at the same price returns the same order.
      expect((await orderPlan(member, 'PREMIUM')).id).toBe(second.id);
    } finally {
      await admin().query('update public.membership_plans set yearly_price_pln = $2 where tier = $1', [
        'PREMIUM',
        oldPrice,
      ]);
    }
  });

  it('store the consent text and its time', async () => {
    const member = await createMember();
    const consent = 'Chcę, aby usługa zaczęła się od razu; wiem, że tracę prawo odstąpienia od umowy.';
    const [order] = await queryAs<Order>(
      member,
      `select * from public.create_payment_order(p_method => 'transfer', p_plan_tier => 'START', p_consent_text => $1)`,
      [consent],
    );
    expect(order!.consent_text).toBe(consent);
    expect(order!.consent_at).toBeInstanceOf(Date);
  });

  it('expire after the days set by an admin (audited): Wygasłe, the member told, the CCC reservation released', async () => {
    const member = await createMember();
    expect(await sqlState(queryAs(member, `select public.admin_update_payment_settings(3)`))).toBe('42501');
    expect(await sqlState(queryAs(member, `update public.payment_settings set order_expiry_days = 60`))).toBe('42501');
    expect(await sqlState(queryAs(adminUser, `update public.payment_settings set order_expiry_days = 60`))).toBe(
      '42501',
    );
    expect(await sqlState(queryAs('anon', `select * from public.payment_settings`))).toBe('42501');
    expect((await errorOf(queryAs(adminUser, `select public.admin_update_payment_settings(0)`)))?.message).toBe(
      'payments.invalid_expiry_days',
    );
    await queryAs(adminUser, `select public.admin_update_payment_settings(3)`);
    const { rows: audit } = await admin().query<{ after: Record<string, unknown> }>(
      `select after from public.admin_audit_log where action = 'payment_settings.update' and actor_id = $1 order by id desc limit 1`,
      [adminUser.id],
    );
    expect(audit[0]!.after).toEqual({ order_expiry_days: 3 });
    const before = await available('BRONZE');
    const order = await orderCcc(member, 'BRONZE', 2);
    const [days] = (
      await admin().query<{ d: number }>(
        `select round(extract(epoch from expires_at - created_at) / 86400)::int as d from public.payment_orders where id = $1`,
        [order.id],
      )
    ).rows;
    expect(days!.d).toBe(3);
    const [shown] = await queryAs<{ available_slots: number }>(
      member,
      `select available_slots from public.get_ccc_availability() where tier = 'BRONZE'`,
    );
    expect(shown!.available_slots).toBe(before - 2);

    await admin().query(`update public.payment_orders set expires_at = now() - interval '1 second' where id = $1`, [
      order.id,
    ]);
    await admin().query('select private.run_payment_jobs()');
    expect((await orderById(order.id)).status).toBe('expired');
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność wygasła');
    const [after] = await queryAs<{ available_slots: number }>(
      member,
      `select available_slots from public.get_ccc_availability() where tier = 'BRONZE'`,
    );
    expect(after!.available_slots).toBe(before);
  });

  it('are limited per member per day, also when created and cancelled in turn', async () => {
    const member = await createMember();
    await admin().query('update public.payment_settings set daily_order_limit = 4');
    try {
      for (let i = 0; i < 4; i += 1) {
        const order = await orderPlan(member, 'START');
        await queryAs(member, `select * from public.cancel_payment_order($1)`, [order.id]);
      }
      expect((await errorOf(orderPlan(member, 'START')))?.message).toBe('payments.daily_limit');
    } finally {
      await admin().query('update public.payment_settings set daily_order_limit = $1', [
        settingsBefore.daily_order_limit,
      ]);
    }
  });

  it('are kept when the member is deleted, with the member anonymised; a pending one is cancelled', async () => {
    const member = await createMember({ fullName: 'Adam Kasowany' });
    const paid = await orderPlan(member, 'START');
    await confirm(paid.id);
    const pending = await orderPlan(member, 'VIP');
    expect(await orderById(paid.id)).toMatchObject({ buyer_name: 'Adam Kasowany', buyer_email: member.email });
    await queryAs(adminUser, 'select * from public.admin_delete_user($1)', [member.id]);
    expect(await orderById(paid.id)).toMatchObject({
      user_id: null,
      status: 'paid',
      buyer_name: 'Usunięty członek',
      buyer_email: null,
      reference: paid.reference,
      amount: paid.amount,
    });
    expect(await orderById(pending.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'member_deleted' });
    // Money that still arrives for it is kept as 'Do zwrotu', and can be refunded.
    expect(await confirm(pending.id)).toMatchObject({ status: 'to_refund', amount_received: pending.amount });
    expect(await refund(pending.id)).toMatchObject({ status: 'refunded', user_id: null });
  });
});

describe('refunds', () => {
  it('a refunded upgrade returns the member to the previous level; the commission is cancelled and kept', async () => {
    const referrer = await createMember();
    const code = await createReferralCode(referrer);
    const member = await signUpWithReferral(code.code);
    const premium = await orderPlan(member, 'PREMIUM');
    await confirm(premium.id);
    const premiumEnd = await yearEnd(await today(0));
    const vip = await orderPlan(member, 'VIP');
    await confirm(vip.id);
    expect((await profileOf(member.id))!.membership_level).toBe('VIP');

    expect((await errorOf(queryAs(adminUser, REFUND, [vip.id, '  ', 'transfer', 'X'])))?.message).toBe(
      'payments.reason_required',
    );
    expect((await errorOf(queryAs(adminUser, REFUND, [vip.id, 'Powód', 'transfer', ' '])))?.message).toBe(
      'payments.refund_reference_required',
    );
    for (const actor of [member, referrer, 'anon' as const, withClaims(adminUser, { aal: 'aal1' })]) {
      expect(await sqlState(queryAs(actor, REFUND, [vip.id, 'Powód', 'transfer', 'X']))).toBe('42501');
    }
    const done = await refund(vip.id, 'Rezygnacja w terminie', 'transfer', 'ZWROT KLB');
    expect(done).toMatchObject({
      changed: true,
      status: 'refunded',
      refund_reason: 'Rezygnacja w terminie',
      refund_method: 'transfer',
      refund_reference: 'ZWROT KLB',
    });
    expect(await cacheOf(member.id)).toEqual({ membership_level: 'PREMIUM', membership_valid_until: premiumEnd });
    expect(await levelOn(member.id, await today(0))).toBe('PREMIUM');

    // The referrer's commission came from the first paid plan order (PREMIUM), which stays paid.
    const { rows: commissions } = await admin().query<{ order_id: string; cancelled_at: Date | null }>(
      `select order_id, cancelled_at from public.referral_commissions where referred_id = $1`,
      [member.id],
    );
    expect(commissions).toEqual([{ order_id: premium.id, cancelled_at: null }]);
    await refund(premium.id);
    const { rows: cancelled } = await admin().query<{ cancelled_at: Date | null }>(
      `select cancelled_at from public.referral_commissions where referred_id = $1`,
      [member.id],
    );
    expect(cancelled[0]!.cancelled_at).toBeInstanceOf(Date);
    expect((await profileOf(member.id))!.membership_level).toBe('FREE');

    expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność zwrócona')).toHaveLength(2);
    const { rows: mails } = await admin().query<{ variables: Record<string, string> }>(
      `select variables from private.email_outbox where user_id = $1 and template = 'payment-refunded' order by id`,
      [member.id],
    );
    expect(mails[0]!.variables).toMatchObject({
      reference: vip.reference,
      reason: 'Rezygnacja w terminie',
      refund_reference: 'ZWROT KLB',
    });
    const { rows: audit } = await admin().query<{ actor_id: string }>(
      `select actor_id from public.admin_audit_log where action = 'payment.refund' and target_id = $1`,
      [vip.id],
    );
    expect(audit).toEqual([{ actor_id: adminUser.id }]);
    const [mine] = await queryAs<{ status: string; refund_reason: string }>(
      member,
      `select status, refund_reason from public.get_my_payment_orders() where id = $1`,
      [vip.id],
    );
    expect(mine).toEqual({ status: 'refunded', refund_reason: 'Rezygnacja w terminie' });
  });

  it('a refunded renewal disappears and later queued periods move up', async () => {
    const member = await createMember();
    const first = await payForPlan(member.id, 'VIP');
    const second = await payForPlan(member.id, 'VIP');
    const third = await payForPlan(member.id, 'START');
    void first;
    void third;
    const before = await periodsOf(member.id);
    expect(before.map((p) => p.level)).toEqual(['VIP', 'VIP', 'START']);
    await refund(second);
    const after = await periodsOf(member.id);
    expect(after.map((p) => p.level)).toEqual(['VIP', 'START']);
    expect(after[1]!.first_day).toBe(before[1]!.first_day);
    const lengthOf = (p: Period) => Date.parse(p.last_day) - Date.parse(p.first_day);
    expect(lengthOf(after[1]!)).toBe(lengthOf(before[2]!));
  });

  it('a refunded CCC order frees its slots; a pending order cannot be refunded', async () => {
    const member = await createMember();
    const before = await freeSlots('BRONZE');
    const order = await orderCcc(member, 'BRONZE', 1);
    await confirm(order.id);
    expect(await freeSlots('BRONZE')).toBe(before - 1);
    await refund(order.id, 'Pomyłka', 'usdt', txHash());
    expect(await freeSlots('BRONZE')).toBe(before);
    const packages = await queryAs<{ active: boolean }>(
      member,
      `select active from public.get_user_ccc_packages(null)`,
    );
    expect(packages).toEqual([{ active: false }]);

    const pending = await orderPlan(member, 'START');
    expect((await errorOf(queryAs(adminUser, REFUND, [pending.id, 'Powód', 'transfer', 'X'])))?.message).toBe(
      'payments.not_refundable',
    );
    // What came in for an underpaid order can go back too.
    await confirm(pending.id, '10.00');
    expect(await refund(pending.id)).toMatchObject({ status: 'refunded', amount_received: '10.00' });
  });
});

describe('races', () => {
  it('a catalogue change racing a confirmation: the old order is paid at its fixed price either way', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'START');
    const oldPrice = await price('START');
    try {
      await admin().query(
        'update public.membership_plans set yearly_price_pln = yearly_price_pln + 1 where tier = $1',
        ['START'],
      );
      const [confirmed, again] = await Promise.allSettled([
        confirm(order.id, order.amount),
        orderPlan(member, 'START'),
      ]);
      expect(confirmed.status).toBe('fulfilled');
      expect(again.status).toBe('fulfilled');
      const old = await orderById(order.id);
      expect(old).toMatchObject({ status: 'paid', amount: order.amount, amount_received: order.amount });
      const fresh = (again as PromiseFulfilledResult<Order>).value;
      expect(fresh.id).not.toBe(order.id);
      expect(Number(fresh.amount)).toBe(oldPrice + 1);
    } finally {
      await admin().query('update public.membership_plans set yearly_price_pln = $2 where tier = $1', [
        'START',
        oldPrice,
      ]);
    }
  });

  it('two refunds at once: one refunds, the other changes nothing', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'PREMIUM');
    await confirm(order.id);
    const results = await race<{ changed: boolean }>(2, adminUser, REFUND, [
      order.id,
      'Podwójne kliknięcie',
      'transfer',
      'Z1',
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value[0]!.changed : 'failed')).sort()).toEqual([
      false,
      true,
    ]);
    expect((await notificationsOf(member.id)).filter((n) => n.title === 'Płatność zwrócona')).toHaveLength(1);
    expect((await profileOf(member.id))!.membership_level).toBe('FREE');
  });

  it('an expiry racing a confirmation: paid either way, the member notified of the payment', async () => {
    const member = await createMember();
    const order = await orderPlan(member, 'START');
    await admin().query(`update public.payment_orders set expires_at = now() - interval '1 second' where id = $1`, [
      order.id,
    ]);
    await Promise.all([admin().query('select private.expire_payment_orders()'), confirm(order.id)]);
    expect((await orderById(order.id)).status).toBe('paid');
    expect((await notificationsOf(member.id)).map((n) => n.title)).toContain('Płatność potwierdzona');
    expect((await profileOf(member.id))!.membership_level).toBe('START');
  });

  it('20 CCC orders racing for 3 free slots: 3 reserve, and each reservation is confirmed', async () => {
    const holder = await createMember();
    await occupySlots('GOLD', (await available('GOLD')) - 3, holder.id);
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember()));
    const settled = await Promise.allSettled(members.map((m) => orderCcc(m, 'GOLD', 1)));
    const orders = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(orders).toHaveLength(3);
    // The catalogue cannot shrink below the reserved slots either.
    expect(
      (
        await errorOf(
          queryAs(
            adminUser,
            `select public.admin_update_ccc_tier(t.tier, t.ccc_amount, t.price_usd, t.profit_share, t.duration_months, t.total_slots - 1)
               from public.ccc_tiers t where t.tier = 'GOLD'`,
          ),
        )
      )?.message,
    ).toBe('catalogue.slots_below_used');
    const results = await Promise.all(orders.map((o) => confirm(o.id)));
    expect(results.map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
  });
});
