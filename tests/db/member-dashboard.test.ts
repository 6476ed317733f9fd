// The member dashboard's additions (supabase/migrations/20261124120000_member_dashboard.sql):
// profit notifications name their currency, and the partner page reads everything in one call.
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferralCode, signUpWithReferral } from '../helpers/accounts-factories.ts';
import { admin, createAdmin, createMember, errorOf, queryAs, type TestUser } from '../helpers/db.ts';
import { checkLedgerAfterEachTest, notificationsOf, payForPlan } from '../helpers/money-factories.ts';

type Overview = {
  codes: {
    id: string;
    code: string;
    description: string | null;
    active: boolean;
    created_at: string;
    visits_count: number;
    registrations_count: number;
    conversions_count: number;
    last_visit_at: string | null;
    last_registration_at: string | null;
    last_conversion_at: string | null;
  }[];
  referred: { id: string; full_name: string; email: string; created_at: string }[];
  referred_total: number;
  referral_count: number;
  total_earnings: number;
};

async function overviewOf(actor: TestUser, limit?: number): Promise<Overview> {
  const [row] = await queryAs<{ overview: Overview }>(
    actor,
    limit === undefined
      ? 'select public.get_my_referral_overview() as overview'
      : 'select public.get_my_referral_overview($1) as overview',
    limit === undefined ? [] : [limit],
  );
  return row!.overview;
}

checkLedgerAfterEachTest();
describe('admin_credit_wallet: profit notifications carry their currency', () => {
  it('writes data.currency = USDT next to the amount', async () => {
    const adminUser = await createAdmin();
    const investor = await createMember();
    await queryAs(adminUser, "select public.admin_credit_wallet($1, 75.5, 'Zysk', true)", [investor.id]);
    expect(await notificationsOf(investor.id)).toMatchObject([
      { type: 'profit', title: 'Nowe środki w portfelu', data: { amount: 75.5, currency: 'USDT' } },
    ]);
  });
});

describe('get_my_referral_overview()', () => {
  let referrer: TestUser;
  let otherReferrer: TestUser;
  let code: string;

  beforeAll(async () => {
    referrer = await createMember();
    otherReferrer = await createMember();
    code = (await createReferralCode(referrer, 'Znajomi z pracy')).code;
    await admin().query('update public.referral_codes set visits_count = 7, last_visit_at = now() where code = $1', [
      code,
    ]);
    const first = await signUpWithReferral(code, {
      email: `katarzyna.${Date.now()}@example.test`,
      fullName: 'Katarzyna Nowa',
    });
    await signUpWithReferral(code, { email: `jo.${Date.now()}@example.test`, fullName: 'Jo Krótki' });
    // First paid level of a referred member: a conversion and a commission (10 % of 4997 PLN).
    await payForPlan(first.id, 'START');
    const foreignCode = (await createReferralCode(otherReferrer)).code;
    await signUpWithReferral(foreignCode);
  });

  it("returns the caller's codes with their statistics", async () => {
    const overview = await overviewOf(referrer);
    expect(overview.codes).toHaveLength(1);
    expect(overview.codes[0]).toMatchObject({
      code,
      description: 'Znajomi z pracy',
      active: true,
      visits_count: 7,
      registrations_count: 2,
      conversions_count: 1,
    });
    expect(overview.codes[0]!.last_visit_at).not.toBeNull();
    expect(overview.codes[0]!.last_registration_at).not.toBeNull();
    expect(overview.codes[0]!.last_conversion_at).not.toBeNull();
  });

  it('lists the referred members newest first with the e-mail masked (3 characters, the domain’s first)', async () => {
    const overview = await overviewOf(referrer);
    expect(overview.referred.map((row) => row.full_name)).toEqual(['Jo Krótki', 'Katarzyna Nowa']);
    expect(overview.referred[0]!.email).toBe('jo.***@e***');
    expect(overview.referred[1]!.email).toBe('kat***@e***');
    expect(overview.referred_total).toBe(2);
  });

  it("carries the caller's ranking counters (count and PLN earnings)", async () => {
    const overview = await overviewOf(referrer);
    expect(overview.referral_count).toBe(2);
    expect(overview.total_earnings).toBe(499.7);
  });

  it('never shows another referrer’s codes or members', async () => {
    const overview = await overviewOf(otherReferrer);
    expect(overview.codes.map((row) => row.code)).not.toContain(code);
    expect(overview.referred).toHaveLength(1);
    expect(overview.referred.map((row) => row.full_name)).not.toContain('Katarzyna Nowa');
  });

  it('gives a member without codes or referrals empty lists and zeros', async () => {
    const newcomer = await createMember();
    expect(await overviewOf(newcomer)).toEqual({
      codes: [],
      referred: [],
      referred_total: 0,
      referral_count: 0,
      total_earnings: 0,
    });
  });

  it('limits the referred list but still counts everyone', async () => {
    const overview = await overviewOf(referrer, 1);
    expect(overview.referred.map((row) => row.full_name)).toEqual(['Jo Krótki']);
    expect(overview.referred_total).toBe(2);
  });

  it('refuses a limit outside 1..500 and anon', async () => {
    for (const limit of [0, 501]) {
      expect(await errorOf(overviewOf(referrer, limit))).toEqual({ code: '22023', message: 'referral.invalid_limit' });
    }
    expect(await errorOf(queryAs('anon', 'select public.get_my_referral_overview()'))).toMatchObject({ code: '42501' });
  });
});
