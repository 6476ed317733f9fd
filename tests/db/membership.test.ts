import { beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PLANS } from '../helpers/spec-plans.ts';
import { admin, asActor, createAdmin, createMember, queryAs, sqlState, type TestUser } from '../helpers/db.ts';

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
