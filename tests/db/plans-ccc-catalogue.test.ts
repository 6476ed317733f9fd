// The plans grid's and the CCC page's reads (product.md#dashboard-2, §9): plan benefits and descriptions
// in the catalogue, the ACC price computed by the database, and the site-wide CCC settings row
// (members read it, only admins change it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { occupySlots } from '../helpers/money-factories.ts';
import { SPEC_PLANS } from '../helpers/spec-plans.ts';

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
