import { beforeAll, describe, expect, it, afterAll } from 'vitest';
import {
  admin,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import { freeSlots, notificationsOf, occupySlots, type CccTier } from '../helpers/money-factories.ts';

describe('CCC', () => {
  interface Assignment {
    id: string;
    user_id: string;
    package_tier: CccTier;
    ccc_amount: number;
    profit_share: string;
    duration_months: number;
    start_date: Date;
    end_date: Date;
    assigned_by: string | null;
  }

  interface Availability {
    tier: CccTier;
    ccc_amount: number;
    price_usd: string;
    profit_share: string;
    duration_months: number;
    total_slots: number;
    used_slots: number;
    available_slots: number;
    price_acc_usd: string;
    acc_savings_usd: string;
  }

  const assign = (actor: Actor, userId: string | null, tier: string | null, quantity: number | null) =>
    queryAs<Assignment>(actor, 'select * from public.admin_assign_ccc_package($1, $2, $3)', [userId, tier, quantity]);

  const DAY_MS = 24 * 60 * 60 * 1000;

  describe('CCC packages', () => {
    let member: TestUser;
    let otherMember: TestUser;
    let adminUser: TestUser;
    let memberAssignment: string;
    let otherAssignment: string;

    beforeAll(async () => {
      member = await createMember();
      otherMember = await createMember();
      adminUser = await createAdmin();
      memberAssignment = (await occupySlots('START', 1, member.id))[0]!;
      otherAssignment = (await occupySlots('START', 1, otherMember.id))[0]!;
    });

    describe('ccc_tiers (catalogue)', () => {
      it('holds the six tiers of the spec, in display order', async () => {
        const rows = await queryAs(
          'anon',
          'select tier, ccc_amount, price_usd, profit_share, duration_months, total_slots from public.ccc_tiers order by sort_order',
        );
        expect(rows).toEqual([
          {
            tier: 'PLATINUM',
            ccc_amount: 18000,
            price_usd: '10000.00',
            profit_share: '0.1700',
            duration_months: 12,
            total_slots: 10,
          },
          {
            tier: 'DIAMOND',
            ccc_amount: 9000,
            price_usd: '5000.00',
            profit_share: '0.1200',
            duration_months: 11,
            total_slots: 20,
          },
          {
            tier: 'GOLD',
            ccc_amount: 4000,
            price_usd: '2000.00',
            profit_share: '0.0800',
            duration_months: 10,
            total_slots: 30,
          },
          {
            tier: 'SILVER',
            ccc_amount: 3000,
            price_usd: '1000.00',
            profit_share: '0.0600',
            duration_months: 9,
            total_slots: 40,
          },
          {
            tier: 'BRONZE',
            ccc_amount: 2000,
            price_usd: '500.00',
            profit_share: '0.0400',
            duration_months: 8,
            total_slots: 50,
          },
          {
            tier: 'START',
            ccc_amount: 1000,
            price_usd: '200.00',
            profit_share: '0.0300',
            duration_months: 7,
            total_slots: 60,
          },
        ]);
      });

      it('is readable by members and admins', async () => {
        expect(await queryAs(member, 'select tier from public.ccc_tiers')).toHaveLength(6);
        expect(await queryAs(adminUser, 'select tier from public.ccc_tiers')).toHaveLength(6);
      });

      it('cannot be changed by anon, members or admins', async () => {
        for (const actor of ['anon', member, adminUser] as Actor[]) {
          expect(
            await sqlState(queryAs(actor, "update public.ccc_tiers set total_slots = 1000 where tier = 'PLATINUM'")),
          ).toBe('42501');
          expect(await sqlState(queryAs(actor, "delete from public.ccc_tiers where tier = 'START'"))).toBe('42501');
          expect(
            await sqlState(
              queryAs(
                actor,
                "insert into public.ccc_tiers (tier, ccc_amount, price_usd, profit_share, duration_months, total_slots, sort_order) values ('GOLD', 1, 1, 0.5, 1, 1, 99)",
              ),
            ),
          ).toBe('42501');
        }
        const { rows } = await admin().query("select total_slots from public.ccc_tiers where tier = 'PLATINUM'");
        expect(rows[0]?.total_slots).toBe(10);
      });

      it('can be changed by service_role (server code)', async () => {
        const [row] = await queryAs<{ price_usd: string }>(
          'service_role',
          "update public.ccc_tiers set price_usd = price_usd where tier = 'GOLD' returning price_usd",
        );
        expect(row?.price_usd).toBe('2000.00');
      });
    });

    describe('ccc_assignments', () => {
      it('shows a member only their own assignments', async () => {
        const rows = await queryAs<Assignment>(member, 'select * from public.ccc_assignments');
        expect(rows.map((row) => row.id)).toContain(memberAssignment);
        expect(rows.every((row) => row.user_id === member.id)).toBe(true);
        expect(await queryAs(member, 'select id from public.ccc_assignments where id = $1', [otherAssignment])).toEqual(
          [],
        );
      });

      it('shows admins every assignment and anon nothing', async () => {
        const rows = await queryAs(adminUser, 'select id from public.ccc_assignments where id = any($1)', [
          [memberAssignment, otherAssignment],
        ]);
        expect(rows).toHaveLength(2);
        expect(await sqlState(queryAs('anon', 'select * from public.ccc_assignments'))).toBe('42501');
      });

      it('refuses direct writes by members, admins and service_role', async () => {
        const insert =
          "insert into public.ccc_assignments (user_id, package_tier, ccc_amount, profit_share, duration_months, end_date) values ($1, 'PLATINUM', 18000, 0.17, 12, now() + interval '1 year')";
        for (const actor of [member, adminUser, 'service_role', 'anon'] as Actor[]) {
          expect(await sqlState(queryAs(actor, insert, [member.id]))).toBe('42501');
          expect(
            await sqlState(
              queryAs(actor, "update public.ccc_assignments set end_date = now() + interval '10 years' where id = $1", [
                memberAssignment,
              ]),
            ),
          ).toBe('42501');
          expect(
            await sqlState(queryAs(actor, 'delete from public.ccc_assignments where id = $1', [otherAssignment])),
          ).toBe('42501');
        }
        const { rows } = await admin().query(
          'select count(*)::int as n from public.ccc_assignments where id = any($1)',
          [[memberAssignment, otherAssignment]],
        );
        expect(rows[0]?.n).toBe(2);
      });
    });

    describe('get_ccc_availability()', () => {
      it('counts active assignments per tier (expired ones free their slot) and names nobody', async () => {
        const before = await queryAs<Availability>(member, 'select * from public.get_ccc_availability()');
        const holder = await createMember();
        await occupySlots('BRONZE', 2, holder.id);
        await occupySlots('BRONZE', 3, holder.id, { expired: true });
        const after = await queryAs<Availability>(member, 'select * from public.get_ccc_availability()');

        expect(after.map((row) => row.tier)).toEqual(['PLATINUM', 'DIAMOND', 'GOLD', 'SILVER', 'BRONZE', 'START']);
        const bronzeBefore = before.find((row) => row.tier === 'BRONZE')!;
        const bronze = after.find((row) => row.tier === 'BRONZE')!;
        expect(bronze).toEqual({
          tier: 'BRONZE',
          ccc_amount: 2000,
          price_usd: '500.00',
          profit_share: '0.0400',
          duration_months: 8,
          total_slots: 50,
          used_slots: bronzeBefore.used_slots + 2,
          available_slots: bronzeBefore.available_slots - 2,
          price_acc_usd: '450.00',
          acc_savings_usd: '50.00',
        });
        expect(bronze.available_slots).toBe(await freeSlots('BRONZE'));
        expect(Object.keys(bronze).some((key) => /user|name|email/.test(key))).toBe(false);
      });

      it('is open to members and admins but not to anon', async () => {
        expect(await queryAs(adminUser, 'select * from public.get_ccc_availability()')).toHaveLength(6);
        expect(await sqlState(queryAs('anon', 'select * from public.get_ccc_availability()'))).toBe('42501');
      });
    });

    describe('get_user_ccc_packages()', () => {
      it("returns the caller's active and past packages with an active flag, active first", async () => {
        const owner = await createMember();
        const [expired] = await occupySlots('SILVER', 1, owner.id, { expired: true });
        const [active] = await occupySlots('SILVER', 1, owner.id);
        const rows = await queryAs<Assignment & { active: boolean }>(
          owner,
          'select * from public.get_user_ccc_packages($1)',
          [owner.id],
        );
        expect(rows.map((row) => [row.id, row.active])).toEqual([
          [active, true],
          [expired, false],
        ]);
        const viaNull = await queryAs(owner, 'select id from public.get_user_ccc_packages(null)');
        expect(viaNull).toHaveLength(2);
      });

      it("lets an admin read a member's packages", async () => {
        const rows = await queryAs<Assignment>(adminUser, 'select * from public.get_user_ccc_packages($1)', [
          member.id,
        ]);
        expect(rows.map((row) => row.id)).toContain(memberAssignment);
      });

      it("refuses another member's packages and anon", async () => {
        expect(
          await errorOf(queryAs(member, 'select * from public.get_user_ccc_packages($1)', [otherMember.id])),
        ).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
        const forged = withClaims(member, { user_metadata: { admin: true } });
        expect(
          (await errorOf(queryAs(forged, 'select * from public.get_user_ccc_packages($1)', [otherMember.id])))?.message,
        ).toBe('auth.forbidden');
        expect(await sqlState(queryAs('anon', 'select * from public.get_user_ccc_packages($1)', [member.id]))).toBe(
          '42501',
        );
      });
    });

    describe('admin_assign_ccc_package()', () => {
      it('assigns the packages with catalogue values, end = start + months x 30 days, and notifies the member', async () => {
        const investor = await createMember();
        const freeBefore = await freeSlots('GOLD');
        const rows = await assign(adminUser, investor.id, 'GOLD', 2);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row).toMatchObject({
            user_id: investor.id,
            package_tier: 'GOLD',
            ccc_amount: 4000,
            profit_share: '0.0800',
            duration_months: 10,
            assigned_by: adminUser.id,
          });
          expect(row.end_date.getTime() - row.start_date.getTime()).toBe(300 * DAY_MS);
          expect(Math.abs(row.start_date.getTime() - Date.now())).toBeLessThan(60_000);
        }
        expect(await freeSlots('GOLD')).toBe(freeBefore - 2);
        expect(await notificationsOf(investor.id)).toMatchObject([
          {
            type: 'system',
            title: 'Przydzielono pakiet CCC',
            data: { tier: 'GOLD', packageTier: 'GOLD', amount: 8000, percentage: 8, quantity: 2 },
          },
        ]);
        const own = await queryAs<Assignment & { active: boolean }>(
          investor,
          'select * from public.get_user_ccc_packages($1)',
          [investor.id],
        );
        expect(own.filter((row) => row.active)).toHaveLength(2);
      });

      it('lets service_role assign too', async () => {
        const investor = await createMember();
        const rows = await assign('service_role', investor.id, 'START', 1);
        expect(rows).toMatchObject([{ package_tier: 'START', assigned_by: null }]);
      });

      it.each([0, 11, -1, null])('rejects quantity %s with ccc.invalid_quantity', async (quantity) => {
        expect(await errorOf(assign(adminUser, member.id, 'GOLD', quantity))).toEqual({
          code: 'P0001',
          message: 'ccc.invalid_quantity',
        });
      });

      it('rejects a missing tier with ccc.invalid_package and an unknown one before the function runs', async () => {
        expect(await errorOf(assign(adminUser, member.id, null, 1))).toEqual({
          code: 'P0001',
          message: 'ccc.invalid_package',
        });
        expect((await errorOf(assign(adminUser, member.id, 'TITANIUM', 1)))?.code).toBe('22P02');
      });

      it('reports an unknown user', async () => {
        expect(
          await errorOf(
            queryAs(adminUser, "select * from public.admin_assign_ccc_package(gen_random_uuid(), 'GOLD', 1)"),
          ),
        ).toEqual({
          code: 'P0002',
          message: 'ccc.user_not_found',
        });
      });

      it('refuses more packages than free slots with ccc.no_slots and assigns nothing', async () => {
        const holder = await createMember();
        await occupySlots('DIAMOND', (await freeSlots('DIAMOND')) - 2, holder.id);
        const investor = await createMember();
        try {
          expect(await errorOf(assign(adminUser, investor.id, 'DIAMOND', 3))).toEqual({
            code: 'P0001',
            message: 'ccc.no_slots',
          });
          expect(await freeSlots('DIAMOND')).toBe(2);
          expect(await notificationsOf(investor.id)).toEqual([]);
          await assign(adminUser, investor.id, 'DIAMOND', 2);
          expect(await freeSlots('DIAMOND')).toBe(0);
          expect(await errorOf(assign(adminUser, investor.id, 'DIAMOND', 1))).toEqual({
            code: 'P0001',
            message: 'ccc.no_slots',
          });
        } finally {
          // The tier's slots are club-wide (the holder's go when the test ends: occupySlots).
          await admin().query('delete from public.ccc_assignments where user_id = $1', [investor.id]);
        }
      });

      it('refuses members (even for themselves) and anon', async () => {
        expect(await errorOf(assign(member, member.id, 'PLATINUM', 1))).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
        const forged = withClaims(member, { user_metadata: { admin: true } });
        expect((await errorOf(assign(forged, member.id, 'PLATINUM', 1)))?.message).toBe('auth.forbidden');
        expect(await sqlState(assign('anon', member.id, 'PLATINUM', 1))).toBe('42501');
      });

      it('never oversubscribes: 20 parallel assignments to a tier with 3 free slots → exactly 3', async () => {
        const holder = await createMember();
        await occupySlots('PLATINUM', (await freeSlots('PLATINUM')) - 3, holder.id);
        const investors = await Promise.all(Array.from({ length: 20 }, () => createMember()));
        try {
          expect(await freeSlots('PLATINUM')).toBe(3);
          const results = await Promise.allSettled(
            investors.map((investor) => assign(adminUser, investor.id, 'PLATINUM', 1)),
          );
          const succeeded = results.filter((result) => result.status === 'fulfilled');
          const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
          expect(succeeded).toHaveLength(3);
          expect(new Set(failed.map((result) => (result.reason as Error).message))).toEqual(new Set(['ccc.no_slots']));
          expect(await freeSlots('PLATINUM')).toBe(0);
          const { rows } = await admin().query(
            "select count(*)::int as n from public.ccc_assignments where package_tier = 'PLATINUM' and end_date >= now()",
          );
          expect(rows[0]?.n).toBe(10);
        } finally {
          // The tier's slots are club-wide: later files (payments) order PLATINUM too (the holder's
          // go when the test ends: occupySlots).
          await admin().query('delete from public.ccc_assignments where user_id = any($1)', [
            investors.map((investor) => investor.id),
          ]);
        }
      });
    });

    describe('admin_remove_ccc_assignment()', () => {
      it('removes an assignment, returns it and frees its slot', async () => {
        const investor = await createMember();
        const [row] = await assign(adminUser, investor.id, 'SILVER', 1);
        const freeBefore = await freeSlots('SILVER');
        const [removed] = await queryAs<Assignment>(adminUser, 'select * from public.admin_remove_ccc_assignment($1)', [
          row!.id,
        ]);
        expect(removed).toMatchObject({ id: row!.id, user_id: investor.id, package_tier: 'SILVER' });
        expect(await freeSlots('SILVER')).toBe(freeBefore + 1);
        expect(
          await errorOf(queryAs(adminUser, 'select * from public.admin_remove_ccc_assignment($1)', [row!.id])),
        ).toEqual({
          code: 'P0002',
          message: 'ccc.assignment_not_found',
        });
      });

      it('refuses members (even their own assignment) and anon', async () => {
        expect(
          await errorOf(queryAs(member, 'select * from public.admin_remove_ccc_assignment($1)', [memberAssignment])),
        ).toEqual({
          code: '42501',
          message: 'auth.forbidden',
        });
        expect(
          await sqlState(queryAs('anon', 'select * from public.admin_remove_ccc_assignment($1)', [memberAssignment])),
        ).toBe('42501');
        const { rows } = await admin().query('select id from public.ccc_assignments where id = $1', [memberAssignment]);
        expect(rows).toHaveLength(1);
      });
    });

    it("removes a deleted account's assignments with the account", async () => {
      const leaving = await createMember();
      await assign(adminUser, leaving.id, 'START', 1);
      await admin().query('delete from auth.users where id = $1', [leaving.id]);
      const { rows } = await admin().query('select id from public.ccc_assignments where user_id = $1', [leaving.id]);
      expect(rows).toEqual([]);
    });
  });
});

// The plans grid's and the CCC page's reads (product.md#dashboard-2, §9): plan benefits and descriptions
// in the catalogue, the ACC price computed by the database, and the site-wide CCC settings row
// (members read it, only admins change it).
describe('catalogue', () => {
  interface Availability {
    tier: string;
    price_usd: string;
    available_slots: number;
    price_acc_usd: string;
    acc_savings_usd: string;
  }

  interface CccSettings {
    contract_address: string | null;
    total_supply: string;
    explorer_token_url: string;
  }

  describe('get_ccc_availability(): the CCC page in one call', () => {
    let member: TestUser;
    let assignments: string[] = [];

    beforeAll(async () => {
      member = await createMember();
      assignments = await occupySlots('SILVER', 2, member.id);
    });

    afterAll(async () => {
      await admin().query('delete from public.ccc_assignments where id = any($1)', [assignments]);
    });

    it('returns the ACC price (90 % of the USDT price) and the saving for every tier', async () => {
      const rows = await queryAs<Availability>(member, 'select * from public.get_ccc_availability()');
      expect(
        rows.map(({ tier, price_usd, price_acc_usd, acc_savings_usd }) => [
          tier,
          price_usd,
          price_acc_usd,
          acc_savings_usd,
        ]),
      ).toEqual([
        ['PLATINUM', '10000.00', '9000.00', '1000.00'],
        ['DIAMOND', '5000.00', '4500.00', '500.00'],
        ['GOLD', '2000.00', '1800.00', '200.00'],
        ['SILVER', '1000.00', '900.00', '100.00'],
        ['BRONZE', '500.00', '450.00', '50.00'],
        ['START', '200.00', '180.00', '20.00'],
      ]);
    });

    it('still counts the free slots', async () => {
      const { rows } = await admin().query<{ used: number }>(
        "select count(*)::int as used from public.ccc_assignments where package_tier = 'SILVER' and end_date >= now()",
      );
      const [silver] = (await queryAs<Availability>(member, 'select * from public.get_ccc_availability()')).filter(
        (row) => row.tier === 'SILVER',
      );
      expect(silver?.available_slots).toBe(40 - rows[0]!.used);
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.get_ccc_availability()'))).toBe('42501');
    });
  });

  describe('ccc_settings: contract, explorer page and total supply', () => {
    let member: TestUser;
    let adminUser: TestUser;
    let original: CccSettings;

    beforeAll(async () => {
      member = await createMember();
      adminUser = await createAdmin();
      original = (
        await admin().query<CccSettings>(
          'select contract_address, total_supply, explorer_token_url from public.ccc_settings',
        )
      ).rows[0]!;
    });

    afterAll(async () => {
      await admin().query(
        'update public.ccc_settings set contract_address = $1, total_supply = $2, explorer_token_url = $3',
        [original.contract_address, original.total_supply, original.explorer_token_url],
      );
    });

    it('has exactly one row: 1,000,000 CCC, the Ethereum explorer; members read it, anon does not', async () => {
      const rows = await queryAs<CccSettings>(
        member,
        'select contract_address, total_supply, explorer_token_url from public.ccc_settings',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        total_supply: '1000000',
        explorer_token_url: 'https://etherscan.io/token/{address}',
      });
      expect(await sqlState(queryAs('anon', 'select * from public.ccc_settings'))).toBe('42501');
      expect(await sqlState(admin().query('insert into public.ccc_settings (id) values (true)'))).toBe('23505');
      expect(await sqlState(admin().query('insert into public.ccc_settings (id) values (false)'))).toBe('23514');
    });

    it('is changed by an admin, not by a member', async () => {
      const address = '0x' + 'ab'.repeat(20);
      const byMember = await queryAs(member, 'update public.ccc_settings set contract_address = $1 returning id', [
        address,
      ]);
      expect(byMember).toEqual([]);
      expect(await sqlState(queryAs(member, 'delete from public.ccc_settings'))).toBe('42501');
      const [changed] = await queryAs<CccSettings>(
        adminUser,
        'update public.ccc_settings set contract_address = $1, total_supply = 2000000 returning contract_address, total_supply',
        [address],
      );
      expect(changed).toEqual({ contract_address: address, total_supply: '2000000' });
      expect(await sqlState(queryAs(adminUser, 'update public.ccc_settings set id = false'))).toBe('42501');
    });

    it('accepts only a 0x address, a positive supply and an https explorer page with {address}', async () => {
      const update = (set: string) => queryAs(adminUser, `update public.ccc_settings set ${set}`);
      expect(await sqlState(update("contract_address = '0x1234'"))).toBe('23514');
      expect(await sqlState(update('total_supply = 0'))).toBe('23514');
      expect(await sqlState(update("explorer_token_url = 'https://etherscan.io/token/'"))).toBe('23514');
      expect(await sqlState(update("explorer_token_url = 'javascript:alert(1)//{address}'"))).toBe('23514');
      expect(await sqlState(update("explorer_token_url = 'https://bscscan.com/token/{address}'"))).toBeUndefined();
    });
  });
});
