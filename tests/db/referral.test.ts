import { randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll } from 'vitest';
import {
  admin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  createAdmin,
  type TestUser,
  withClaims,
  asActor,
} from '../helpers/db.ts';
import {
  createReferralCode,
  signUpWithReferral,
  setMembershipLevel,
  race,
  referralCodeById,
  type ReferralCodeRow,
} from '../helpers/accounts-factories.ts';
import { checkLedgerAfterEachTest, enableUsdtNetworks, payForPlan, walletAddress } from '../helpers/money-factories.ts';

// Account security (issue 9): the attacks on sign-up that the database must stop, each reproduced
// the way Auth writes its tables (a user row, an e-mail identity, a confirmation), then the rule.
describe('account security', () => {
  /** What Auth's verify does when the mailbox owner opens the activation link (its own transaction). */
  async function confirmEmail(id: string) {
    await admin().query('update auth.users set email_confirmed_at = now(), confirmation_token = $2 where id = $1', [
      id,
      '',
    ]);
  }

  describe('referral ranking counts activated members only', () => {
    type Ranking = { id: string; referral_count: number };

    async function referralCount(referrerId: string, viewer: Awaited<ReturnType<typeof createMember>>) {
      const rows = await queryAs<Ranking>(viewer, 'select * from public.get_referral_rankings(100)');
      return rows.find((row) => row.id === referrerId)?.referral_count ?? 0;
    }

    it('counts a referred sign-up from its activation, and not after an admin un-confirms it', async () => {
      const referrer = await createMember();
      const viewer = await createMember();
      const code = await createReferralCode(referrer);
      const pending = await signUpWithReferral(code.code, { confirmed: false });
      await signUpWithReferral(code.code, { confirmed: false });
      expect(await referralCount(referrer.id, viewer)).toBe(0);

      await confirmEmail(pending.id);
      expect(await referralCount(referrer.id, viewer)).toBe(1);

      await admin().query('update auth.users set email_confirmed_at = null where id = $1', [pending.id]);
      expect(await referralCount(referrer.id, viewer)).toBe(0);
      await confirmEmail(pending.id);
      // An erased member's referral still counts for the referrer (privacy: the relationship stays
      // without them), so nobody else's count or ranking moves.
      await admin().query('delete from auth.users where id = $1', [pending.id]);
      expect(await referralCount(referrer.id, viewer)).toBe(1);
    });
  });
});

// The member dashboard's additions:
// profit notifications name their currency, and the partner page reads everything in one call.
describe('member dashboard', () => {
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
        commissions: [],
        commissions_to_pay_pln: 0,
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
        expect(await errorOf(overviewOf(referrer, limit))).toEqual({
          code: '22023',
          message: 'referral.invalid_limit',
        });
      }
      expect(await errorOf(queryAs('anon', 'select public.get_my_referral_overview()'))).toMatchObject({
        code: '42501',
      });
    });
  });
});

// Referral programme (issue 3): codes and their statistics, relationships recorded at sign-up,
// conversions and commissions, the partner-page RPCs and the ranking.
describe('referrals', () => {
  const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

  describe('generate_unique_referral_code', () => {
    it('creates an 8-character unambiguous uppercase code for the caller with zeroed statistics', async () => {
      const member = await createMember();
      const [row] = await queryAs<ReferralCodeRow>(
        member,
        'select * from public.generate_unique_referral_code($1, $2)',
        [member.id, '  Instagram  '],
      );
      expect(row).toMatchObject({
        user_id: member.id,
        active: true,
        description: 'Instagram',
        visits_count: 0,
        registrations_count: 0,
        conversions_count: 0,
        last_visit_at: null,
        last_registration_at: null,
        last_conversion_at: null,
      });
      expect(row?.code).toMatch(CODE_PATTERN);
    });

    it('works with the description omitted (PostgREST named arguments)', async () => {
      const member = await createMember();
      const [row] = await queryAs<ReferralCodeRow>(
        member,
        'select * from public.generate_unique_referral_code(p_user_id => $1)',
        [member.id],
      );
      expect(row).toMatchObject({ user_id: member.id, description: null });
    });

    it('refuses to create a code for someone else, and anon', async () => {
      const member = await createMember();
      const otherMember = await createMember();
      expect(
        await errorOf(queryAs(member, 'select * from public.generate_unique_referral_code($1)', [otherMember.id])),
      ).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        await sqlState(queryAs('anon', 'select * from public.generate_unique_referral_code($1)', [member.id])),
      ).toBe('42501');
      const { rows } = await admin().query('select count(*)::int as n from public.referral_codes where user_id = $1', [
        otherMember.id,
      ]);
      expect(rows[0]?.n).toBe(0);
    });

    it('rejects a description over 200 characters', async () => {
      const member = await createMember();
      expect(
        await errorOf(
          queryAs(member, 'select * from public.generate_unique_referral_code($1, $2)', [member.id, 'x'.repeat(201)]),
        ),
      ).toEqual({
        code: '22023',
        message: 'referral.description_too_long',
      });
    });

    it('allows at most 5 codes per member, even when 8 calls race on separate connections', async () => {
      const member = await createMember();
      const results = await race<ReferralCodeRow>(8, member, 'select * from public.generate_unique_referral_code($1)', [
        member.id,
      ]);
      const created = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter(
        (r) => r.status === 'rejected' && (r.reason as Error).message === 'referral.code_limit_reached',
      );
      expect(created).toHaveLength(5);
      expect(refused).toHaveLength(3);
      const { rows } = await admin().query(
        'select count(distinct code)::int as n from public.referral_codes where user_id = $1',
        [member.id],
      );
      expect(rows[0]?.n).toBe(5);
    });
  });

  describe('referral_codes table', () => {
    let member: TestUser;
    let otherMember: TestUser;
    let adminUser: TestUser;
    let code: ReferralCodeRow;
    let otherCode: ReferralCodeRow;

    beforeAll(async () => {
      member = await createMember();
      otherMember = await createMember();
      adminUser = await createAdmin();
      code = await createReferralCode(member, 'Blog');
      otherCode = await createReferralCode(otherMember, 'YouTube');
    });

    it('gives anon nothing', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.referral_codes'))).toBe('42501');
      expect(await sqlState(queryAs('anon', 'update public.referral_codes set active = false'))).toBe('42501');
      expect(
        await sqlState(
          queryAs('anon', "insert into public.referral_codes (code, user_id) values ('ANONCODE', $1)", [member.id]),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'delete from public.referral_codes'))).toBe('42501');
    });

    it('shows members only their own codes, admins all, forged user_metadata.admin nothing more', async () => {
      expect(
        (await queryAs<{ id: string }>(member, 'select id from public.referral_codes')).map((row) => row.id),
      ).toEqual([code.id]);
      expect(
        (await queryAs<{ id: string }>(otherMember, 'select id from public.referral_codes')).map((row) => row.id),
      ).toEqual([otherCode.id]);
      const forged = withClaims(member, { user_metadata: { admin: true } });
      expect(
        (await queryAs<{ id: string }>(forged, 'select id from public.referral_codes')).map((row) => row.id),
      ).toEqual([code.id]);
      const all = (await queryAs<{ id: string }>(adminUser, 'select id from public.referral_codes')).map(
        (row) => row.id,
      );
      expect(all).toEqual(expect.arrayContaining([code.id, otherCode.id]));
    });

    it('lets the owner change description and active only', async () => {
      const rows = await queryAs(
        member,
        "update public.referral_codes set description = 'Newsletter', active = false where id = $1 returning description, active",
        [code.id],
      );
      expect(rows).toEqual([{ description: 'Newsletter', active: false }]);
      await queryAs(member, 'update public.referral_codes set active = true where id = $1', [code.id]);
    });

    it.each([
      'visits_count = 100',
      'registrations_count = 100',
      'conversions_count = 100',
      "code = 'MYVANITY'",
      'user_id = gen_random_uuid()',
      'last_conversion_at = now()',
    ])('refuses a member setting %s on their own code', async (assignment) => {
      expect(
        await sqlState(queryAs(member, `update public.referral_codes set ${assignment} where id = $1`, [code.id])),
      ).toBe('42501');
      expect(await referralCodeById(code.id)).toMatchObject({
        code: code.code,
        user_id: member.id,
        visits_count: 0,
        registrations_count: 0,
        conversions_count: 0,
      });
    });

    it("never changes another member's code (member or admin): 0 rows, unchanged", async () => {
      for (const actor of [member, adminUser]) {
        expect(
          await queryAs(
            actor,
            "update public.referral_codes set description = 'Hacked', active = false where id = $1 returning id",
            [otherCode.id],
          ),
        ).toEqual([]);
      }
      expect(await referralCodeById(otherCode.id)).toMatchObject({ description: 'YouTube', active: true });
    });

    it('denies direct inserts and deletes to members and admins', async () => {
      for (const actor of [member, adminUser]) {
        expect(
          await sqlState(
            queryAs(actor, "insert into public.referral_codes (code, user_id) values ('DIRECTCODE', $1)", [actor.id]),
          ),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'delete from public.referral_codes where id = $1', [code.id]))).toBe(
          '42501',
        );
      }
      expect(await referralCodeById(code.id)).toBeDefined();
    });

    it('rejects lowercase codes at the table level', async () => {
      expect(
        await sqlState(
          admin().query("insert into public.referral_codes (code, user_id) values ('lower123', $1)", [member.id]),
        ),
      ).toBe('23514');
    });
  });

  describe('validate_referral_code and track_referral_visit', () => {
    let owner: TestUser;
    let code: ReferralCodeRow;
    let inactive: ReferralCodeRow;

    beforeAll(async () => {
      owner = await createMember();
      code = await createReferralCode(owner);
      inactive = await createReferralCode(owner);
      await queryAs(owner, 'update public.referral_codes set active = false where id = $1', [inactive.id]);
    });

    it('validates existing active codes case-insensitively, for anon and members', async () => {
      for (const actor of ['anon', owner] as const) {
        const [row] = await queryAs(
          actor,
          'select public.validate_referral_code($1) as ok, public.validate_referral_code($2) as off, public.validate_referral_code($3) as unknown',
          [` ${code.code.toLowerCase()} `, inactive.code, 'NOSUCHCODE'],
        );
        expect(row).toEqual({ ok: true, off: false, unknown: false });
      }
    });

    it('counts visits of active codes and ignores unknown or inactive ones', async () => {
      const [hit] = await queryAs<{ tracked: boolean }>('anon', 'select public.track_referral_visit($1) as tracked', [
        code.code.toLowerCase(),
      ]);
      expect(hit?.tracked).toBe(true);
      await queryAs(owner, 'select public.track_referral_visit($1)', [code.code]);
      const after = await referralCodeById(code.id);
      expect(after?.visits_count).toBe(2);
      expect(after?.last_visit_at).toBeInstanceOf(Date);

      const [miss] = await queryAs<{ tracked: boolean }>('anon', 'select public.track_referral_visit($1) as tracked', [
        'NOSUCHCODE',
      ]);
      expect(miss?.tracked).toBe(false);
      const [off] = await queryAs<{ tracked: boolean }>('anon', 'select public.track_referral_visit($1) as tracked', [
        inactive.code,
      ]);
      expect(off?.tracked).toBe(false);
      expect(await referralCodeById(inactive.id)).toMatchObject({ visits_count: 0, last_visit_at: null });
    });
  });

  describe('sign-up with a referral code', () => {
    let referrer: TestUser;
    let code: ReferralCodeRow;

    beforeAll(async () => {
      referrer = await createMember();
      code = await createReferralCode(referrer);
    });

    async function relationshipOf(referredId: string) {
      const { rows } = await admin().query(
        'select referrer_id, code_id from public.referral_relationships where referred_id = $1',
        [referredId],
      );
      return rows[0];
    }

    it('records the relationship and bumps registrations in the sign-up transaction (code case-insensitive)', async () => {
      const referred = await signUpWithReferral(` ${code.code.toLowerCase()} `);
      expect(await relationshipOf(referred.id)).toEqual({ referrer_id: referrer.id, code_id: code.id });
      const after = await referralCodeById(code.id);
      expect(after?.registrations_count).toBe(1);
      expect(after?.last_registration_at).toBeInstanceOf(Date);
    });

    it('ignores an unknown code (the sign-up still succeeds)', async () => {
      const referred = await signUpWithReferral('NOSUCHCODE');
      expect(await relationshipOf(referred.id)).toBeUndefined();
      const { rows } = await admin().query('select count(*)::int as n from public.profiles where user_id = $1', [
        referred.id,
      ]);
      expect(rows[0]?.n).toBe(1);
    });

    it('ignores an inactive code and leaves its counters alone', async () => {
      const inactive = await createReferralCode(referrer);
      await admin().query('update public.referral_codes set active = false where id = $1', [inactive.id]);
      const referred = await signUpWithReferral(inactive.code);
      expect(await relationshipOf(referred.id)).toBeUndefined();
      expect(await referralCodeById(inactive.id)).toMatchObject({ registrations_count: 0, last_registration_at: null });
    });
  });

  describe('referral_relationships and referral_commissions tables', () => {
    let referrer: TestUser;
    let referred: TestUser;
    let otherMember: TestUser;
    let adminUser: TestUser;

    beforeAll(async () => {
      referrer = await createMember();
      const code = await createReferralCode(referrer);
      referred = await signUpWithReferral(code.code);
      otherMember = await createMember();
      adminUser = await createAdmin();
      await payForPlan(referred.id, 'START');
    });

    it('shows a relationship to the referrer and admins only', async () => {
      expect(await queryAs(referrer, 'select referrer_id, referred_id from public.referral_relationships')).toEqual([
        { referrer_id: referrer.id, referred_id: referred.id },
      ]);
      expect(await queryAs(referred, 'select * from public.referral_relationships')).toEqual([]);
      expect(await queryAs(otherMember, 'select * from public.referral_relationships')).toEqual([]);
      const seen = await queryAs<{ referred_id: string }>(
        adminUser,
        'select referred_id from public.referral_relationships',
      );
      expect(seen.map((row) => row.referred_id)).toContain(referred.id);
      expect(await sqlState(queryAs('anon', 'select * from public.referral_relationships'))).toBe('42501');
    });

    it('shows a commission to the referrer and admins only', async () => {
      expect(await queryAs(referrer, 'select referred_id, level, amount_pln from public.referral_commissions')).toEqual(
        [{ referred_id: referred.id, level: 'START', amount_pln: '499.70' }],
      );
      expect(await queryAs(referred, 'select * from public.referral_commissions')).toEqual([]);
      expect(await queryAs(otherMember, 'select * from public.referral_commissions')).toEqual([]);
      const seen = await queryAs<{ referred_id: string }>(
        adminUser,
        'select referred_id from public.referral_commissions',
      );
      expect(seen.map((row) => row.referred_id)).toContain(referred.id);
      expect(await sqlState(queryAs('anon', 'select * from public.referral_commissions'))).toBe('42501');
    });

    it('is written by nobody directly (referrer, referred, admin, anon)', async () => {
      for (const actor of ['anon', referrer, referred, adminUser] as const) {
        expect(
          await sqlState(
            queryAs(actor, 'insert into public.referral_relationships (referrer_id, referred_id) values ($1, $2)', [
              otherMember.id,
              referred.id,
            ]),
          ),
        ).toBe('42501');
        expect(
          await sqlState(queryAs(actor, 'update public.referral_relationships set referrer_id = $1', [otherMember.id])),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'delete from public.referral_relationships'))).toBe('42501');
        expect(
          await sqlState(
            queryAs(
              actor,
              "insert into public.referral_commissions (referrer_id, level, amount_pln) values ($1, 'VIP', 99999)",
              [otherMember.id],
            ),
          ),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'update public.referral_commissions set amount_pln = 99999'))).toBe(
          '42501',
        );
        expect(await sqlState(queryAs(actor, 'delete from public.referral_commissions'))).toBe('42501');
      }
      const { rows } = await admin().query(
        'select referrer_id from public.referral_relationships where referred_id = $1',
        [referred.id],
      );
      expect(rows).toEqual([{ referrer_id: referrer.id }]);
    });

    it('does not let a member read the ranking counters table', async () => {
      expect(await sqlState(queryAs(referrer, 'select * from private.referrer_stats'))).toBe('42501');
      expect(await sqlState(queryAs('anon', 'select * from private.referrer_stats'))).toBe('42501');
    });
  });

  describe('conversions', () => {
    it('counts the first paid plan order once, with a 10 % commission of the yearly price', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const referred = await signUpWithReferral(code.code);

      await payForPlan(referred.id, 'PREMIUM');
      const converted = await referralCodeById(code.id);
      expect(converted?.conversions_count).toBe(1);
      expect(converted?.last_conversion_at).toBeInstanceOf(Date);

      // An upgrade, an admin's edit and a later paid order do not count again.
      await payForPlan(referred.id, 'VIP');
      await setMembershipLevel(referred.id, 'FREE');
      await payForPlan(referred.id, 'START');
      expect((await referralCodeById(code.id))?.conversions_count).toBe(1);

      const { rows } = await admin().query(
        'select referrer_id, level, amount_pln from public.referral_commissions where referred_id = $1',
        [referred.id],
      );
      expect(rows).toEqual([{ referrer_id: referrer.id, level: 'PREMIUM', amount_pln: '1499.70' }]);
    });

    it('writes nothing for an admin’s free level edit', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const referred = await signUpWithReferral(code.code);
      await setMembershipLevel(referred.id, 'VIP');
      expect((await referralCodeById(code.id))?.conversions_count).toBe(0);
      const { rows } = await admin().query(
        'select count(*)::int as n from public.referral_commissions where referred_id = $1',
        [referred.id],
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('does nothing for members who were not referred', async () => {
      const member = await createMember();
      await payForPlan(member.id, 'VIP');
      const { rows } = await admin().query(
        'select count(*)::int as n from public.referral_commissions where referred_id = $1',
        [member.id],
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('cannot be faked by the referred member (membership_level is not theirs)', async () => {
      const referrer = await createMember();
      const code = await createReferralCode(referrer);
      const referred = await signUpWithReferral(code.code);
      expect(
        await sqlState(
          queryAs(referred, "update public.profiles set membership_level = 'VIP' where user_id = $1", [referred.id]),
        ),
      ).toBe('42501');
      expect((await referralCodeById(code.id))?.conversions_count).toBe(0);
    });
  });

  describe('get_my_referral_codes and get_my_referred_users', () => {
    let referrer: TestUser;
    let otherMember: TestUser;
    let first: ReferralCodeRow;
    let second: ReferralCodeRow;
    let older: TestUser;
    let newer: TestUser;

    beforeAll(async () => {
      referrer = await createMember();
      otherMember = await createMember();
      first = await createReferralCode(referrer, 'first');
      second = await createReferralCode(referrer, 'second');
      await admin().query("update public.referral_codes set created_at = now() - interval '1 day' where id = $1", [
        first.id,
      ]);
      older = await signUpWithReferral(first.code, {
        email: `anna.kowalska.${Date.now()}@example.test`,
        fullName: 'Anna Kowalska',
      });
      newer = await signUpWithReferral(second.code, { email: `jo.${Date.now()}@poczta.example.pl`, fullName: '' });
      await admin().query(
        "update public.referral_relationships set created_at = now() - interval '1 hour' where referred_id = $1",
        [older.id],
      );
    });

    it('lists the caller’s codes with statistics, newest first', async () => {
      const rows = await queryAs<ReferralCodeRow>(referrer, 'select * from public.get_my_referral_codes()');
      expect(rows.map((row) => [row.id, row.registrations_count])).toEqual([
        [second.id, 1],
        [first.id, 1],
      ]);
      expect(await queryAs(otherMember, 'select * from public.get_my_referral_codes()')).toEqual([]);
      expect(await sqlState(queryAs('anon', 'select * from public.get_my_referral_codes()'))).toBe('42501');
    });

    it('lists referred members newest first with e-mails masked on the server', async () => {
      const rows = await queryAs<{ id: string; full_name: string | null; email: string; created_at: Date }>(
        referrer,
        'select * from public.get_my_referred_users()',
      );
      expect(rows.map(({ id, full_name, email }) => ({ id, full_name, email }))).toEqual([
        { id: newer.id, full_name: null, email: 'jo.***@p***' },
        { id: older.id, full_name: 'Anna Kowalska', email: 'ann***@e***' },
      ]);
      expect(rows.some((row) => row.email === older.email || row.email === newer.email)).toBe(false);
      expect(await queryAs(otherMember, 'select * from public.get_my_referred_users()')).toEqual([]);
      expect(await sqlState(queryAs('anon', 'select * from public.get_my_referred_users()'))).toBe('42501');
    });
  });

  describe('get_referral_rankings', () => {
    let top: TestUser;
    let second: TestUser;
    let third: TestUser;
    let viewer: TestUser;

    beforeAll(async () => {
      // top: 4 referrals, no conversion; second: 3 referrals, one VIP conversion; third: 3 referrals.
      top = await createMember({ fullName: '' });
      second = await createMember({ fullName: 'Druga Osoba' });
      third = await createMember({ fullName: 'Trzecia Osoba' });
      viewer = await createMember();
      for (const [owner, count] of [
        [top, 4],
        [second, 3],
        [third, 3],
      ] as const) {
        const code = await createReferralCode(owner);
        for (let i = 0; i < count; i += 1) {
          const referred = await signUpWithReferral(code.code);
          if (owner === second && i === 0) await payForPlan(referred.id, 'VIP');
        }
      }
    });

    type Ranking = { id: string; full_name: string | null; referral_count: number; total_earnings: string };

    it('orders by referral count, then earnings, and shows no e-mail (null name for the UI to show Anonim)', async () => {
      const rows = await queryAs<Ranking>(viewer, 'select * from public.get_referral_rankings(100)');
      const mine = rows.filter((row) => [top.id, second.id, third.id].includes(row.id));
      expect(mine).toEqual([
        { id: top.id, full_name: null, referral_count: 4, total_earnings: '0.00' },
        { id: second.id, full_name: 'Druga Osoba', referral_count: 3, total_earnings: '4999.70' },
        { id: third.id, full_name: 'Trzecia Osoba', referral_count: 3, total_earnings: '0.00' },
      ]);
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['full_name', 'id', 'referral_count', 'total_earnings']);
      expect(rows.some((row) => row.id === viewer.id)).toBe(false);
    });

    it('defaults to 10 rows and validates the limit', async () => {
      expect((await queryAs(viewer, 'select * from public.get_referral_rankings()')).length).toBeLessThanOrEqual(10);
      for (const limit of [0, 101, null]) {
        expect(await errorOf(queryAs(viewer, 'select * from public.get_referral_rankings($1)', [limit]))).toEqual({
          code: '22023',
          message: 'referral.invalid_limit',
        });
      }
      expect(await sqlState(queryAs('anon', 'select * from public.get_referral_rankings()'))).toBe('42501');
    });

    it('keeps the counters when a referred member is deleted (the referral and the earnings stay)', async () => {
      const { rows } = await admin().query<{ referred_id: string }>(
        `select r.referred_id from public.referral_relationships r
        join public.referral_commissions c on c.referred_id = r.referred_id where r.referrer_id = $1`,
        [second.id],
      );
      await admin().query('delete from auth.users where id = $1', [rows[0]!.referred_id]);
      const ranking = await queryAs<Ranking>(viewer, 'select * from public.get_referral_rankings(100)');
      expect(ranking.find((row) => row.id === second.id)).toMatchObject({
        referral_count: 3,
        total_earnings: '4999.70',
      });
    });

    it('reads the ranking from the counters index, without sorting all referrers', async () => {
      const client = await admin().connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain select s.user_id from private.referrer_stats s
          where s.referral_count > 0 or s.total_earnings > 0
          order by s.referral_count desc, s.total_earnings desc, s.user_id limit 10`,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toContain('referrer_stats_ranking_idx');
        expect(plan).not.toMatch(/\bSort\b/);
      } finally {
        await client.query('rollback');
        client.release();
      }
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  const mask = async (email: string | null) =>
    (await admin().query<{ masked: string | null }>('select private.mask_email($1) as masked', [email])).rows[0]!
      .masked;

  /** get_account_status as anon, from one client address (X-Forwarded-For, as the gateway sends it). */
  const accountStatusFrom = (client: string, email: string) =>
    asActor('anon', async (query) => {
      await query("select set_config('request.headers', $1, true)", [
        JSON.stringify({ 'x-forwarded-for': `${client}, 10.0.0.1` }),
      ]);
      const [row] = await query<{ status: string }>('select public.get_account_status($1) as status', [email]);
      return row!.status;
    });

  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    let member: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
    });

    describe('4. e-mail addresses of referred members', () => {
      it('never shows a whole local part or the domain', async () => {
        expect(await mask('anna.kowalska@example.com')).toBe('ann***@e***');
        expect(await mask('anna@example.test')).toBe('an***@e***');
        expect(await mask('jo@poczta.example.pl')).toBe('j***@p***');
        expect(await mask('a@b.pl')).toBe('a***@b***');
        expect(await mask(null)).toBeNull();
      });

      it('limits get_account_status to 20 look-ups per client address in 10 minutes', async () => {
        const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}-${randomUUID().slice(0, 6)}`;
        for (let i = 0; i < 20; i += 1) {
          expect(await accountStatusFrom(client, `nobody-${i}@example.test`)).toBe('missing');
        }
        expect(await errorOf(accountStatusFrom(client, member.email))).toEqual({
          code: 'P0001',
          message: 'account.status_rate_limited',
        });
        // Another client is not affected, and the answer is still right (the unactivated-account panel).
        expect(await accountStatusFrom(`${client}-other`, member.email)).toBe('active');
      });
    });

    describe('12. deleting a member keeps the commissions owed to them', () => {
      it('the commission stays, anonymised', async () => {
        const referrer = await createMember();
        const { rows } = await admin().query<{ id: string }>(
          "insert into public.referral_commissions (referrer_id, level, amount_pln) values ($1, 'VIP', 120) returning id",
          [referrer.id],
        );
        await admin().query('delete from auth.users where id = $1', [referrer.id]);
        const after = await admin().query(
          'select referrer_id, amount_pln from public.referral_commissions where id = $1',
          [rows[0]!.id],
        );
        expect(after.rows).toEqual([{ referrer_id: null, amount_pln: '120.00' }]);
      });
    });
  });
});

// Commissions paid (issue 35 §3): an admin settles the commissions 'Do wypłaty' of one referrer or
// of all into their wallets at a typed PLN→USDT rate, after a preview whose count and PLN total the
// settlement takes back; the rate is checked against the previous settlement's; idempotent; once
// under two admins racing; notified, e-mailed and audited.
describe('commission settlement', () => {
  checkLedgerAfterEachTest();

  type Preview = {
    members: number;
    commissions: number;
    total_pln: number;
    total_usdt: number;
    previous_rate: number | null;
    rate_change_pct: number | null;
  };
  type Settled = { members: number; commissions: number; total_pln: number; total_usdt: number; rate: number };

  let treasurer: TestUser;
  let secondAdmin: TestUser;
  beforeAll(async () => {
    treasurer = await createAdmin();
    secondAdmin = await createAdmin();
  });

  async function preview(userId: string | null, rate: number, actor: TestUser = treasurer): Promise<Preview> {
    const [row] = await queryAs<{ p: Preview }>(
      actor,
      'select public.admin_preview_commission_settlement($1, $2) as p',
      [rate, userId],
    );
    return row!.p;
  }

  function settle(
    userId: string | null,
    rate: number,
    expected: Pick<Preview, 'commissions' | 'total_pln'>,
    { actor = treasurer, key = randomUUID(), confirmedPrevious = null as number | null } = {},
  ): Promise<Settled> {
    return queryAs<{ s: Settled }>(actor, 'select public.admin_settle_commissions($1, $2, $3, $4, $5, $6) as s', [
      rate,
      expected.commissions,
      expected.total_pln,
      key,
      userId,
      confirmedPrevious,
    ]).then((rows) => rows[0]!.s);
  }

  /** A rate within 20 % of the previous settlement's (the previous one itself), 0.25 before the first. */
  async function usualRate(): Promise<number> {
    return (await preview(null, 0.25)).previous_rate ?? 0.25;
  }

  /** A referrer with one referred member per plan, each of whom paid it (one commission each). */
  async function referrerWith(...plans: ('START' | 'PREMIUM' | 'VIP')[]) {
    const referrer = await createMember();
    const code = await createReferralCode(referrer);
    const orders: string[] = [];
    for (const plan of plans) {
      const referred = await signUpWithReferral(code.code);
      orders.push(await payForPlan(referred.id, plan));
    }
    return { referrer, orders };
  }

  async function commissionsOf(referrerId: string) {
    const { rows } = await admin().query<{
      amount_pln: string;
      settled_at: Date | null;
      settlement_id: string | null;
      settlement_rate: string | null;
      amount_usdt: string | null;
      cancelled_at: Date | null;
    }>(
      `select amount_pln, settled_at, settlement_id, settlement_rate, amount_usdt, cancelled_at
         from public.referral_commissions where referrer_id = $1 order by amount_pln`,
      [referrerId],
    );
    return rows;
  }

  async function ledgerOf(userId: string) {
    const { rows } = await admin().query<{ kind: string; available_delta: string; note: string }>(
      'select kind, available_delta, note from public.wallet_transactions where user_id = $1 order by id',
      [userId],
    );
    return rows;
  }

  it("credits a referrer's unpaid commissions in one ledger entry, marks them 'Wypłacona', notifies, e-mails and audits", async () => {
    const rate = await usualRate();
    const { referrer } = await referrerWith('START', 'PREMIUM');
    const shown = await preview(referrer.id, rate);
    const usdt = (pln: number) => Math.floor(pln * rate * 100) / 100;
    const expectedUsdt = Math.round((usdt(499.7) + usdt(1499.7)) * 100) / 100;
    expect(shown).toMatchObject({ members: 1, commissions: 2, total_pln: 1999.4, total_usdt: expectedUsdt });
    const { rows: before } = await admin().query<{ id: string }>(
      'select coalesce(max(id), 0) as id from public.admin_audit_log',
    );

    const done = await settle(referrer.id, rate, shown);
    expect(done).toMatchObject({ members: 1, commissions: 2, total_pln: 1999.4, total_usdt: expectedUsdt, rate });

    expect(await ledgerOf(referrer.id)).toEqual([
      {
        kind: 'commission_payout',
        available_delta: expectedUsdt.toFixed(2),
        note: `Prowizje za polecenia (2): 1999.40 PLN, kurs ${rate}`,
      },
    ]);
    const commissions = await commissionsOf(referrer.id);
    expect(commissions.map((c) => [c.amount_usdt, c.settled_at instanceof Date, c.cancelled_at])).toEqual([
      [usdt(499.7).toFixed(2), true, null],
      [usdt(1499.7).toFixed(2), true, null],
    ]);
    expect(new Set(commissions.map((c) => c.settlement_id)).size).toBe(1);

    const { rows: notes } = await admin().query(
      `select title, content, data ->> 'kind' as kind from public.notifications
        where user_id = $1 and data ->> 'kind' = 'commission_settled'`,
      [referrer.id],
    );
    expect(notes).toEqual([
      {
        title: 'Prowizja wypłacona',
        content: `Na Twój portfel wpłynęło ${expectedUsdt.toFixed(2)} USDT: prowizje za polecenia (2) 1999.40 PLN po kursie ${rate}.`,
        kind: 'commission_settled',
      },
    ]);
    const { rows: mails } = await admin().query(
      `select variables from private.email_outbox where user_id = $1 and template = 'commission-settled'`,
      [referrer.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.variables).toMatchObject({
      amount: `${expectedUsdt.toFixed(2)} USDT`,
      amount_pln: '1999.40 PLN',
      rate: String(rate),
      commissions: '2',
    });
    const { rows: audit } = await admin().query(
      `select action, target_type, target_id, target_user_id, after from public.admin_audit_log
        where id > $1 and action like 'referral.%' order by id`,
      [before[0]!.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'referral.settle',
        target_type: 'commission_settlement',
        target_id: commissions[0]!.settlement_id,
        target_user_id: referrer.id,
        after: expect.objectContaining({ status: 'paid', commissions: 2, amount_usdt: expectedUsdt }),
      }),
    ]);

    // The referrer's page: each commission 'paid', nothing left to pay; a second settlement finds nothing.
    const [overview] = await queryAs<{ o: { commissions: { status: string }[]; commissions_to_pay_pln: number } }>(
      referrer,
      'select public.get_my_referral_overview() as o',
    );
    expect(overview!.o.commissions.map((c) => c.status)).toEqual(['paid', 'paid']);
    expect(overview!.o.commissions_to_pay_pln).toBe(0);
    expect(await preview(referrer.id, rate)).toMatchObject({ commissions: 0, total_pln: 0 });
    expect(await errorOf(settle(referrer.id, rate, shown))).toEqual({
      code: 'P0001',
      message: 'referral.settlement_changed',
    });
  });

  it('refuses when the commissions differ from the preview (one more paid since), paying nothing', async () => {
    const rate = await usualRate();
    const { referrer } = await referrerWith('START');
    const shown = await preview(referrer.id, rate);
    const code = await createReferralCode(referrer);
    await payForPlan((await signUpWithReferral(code.code)).id, 'VIP');

    expect(await errorOf(settle(referrer.id, rate, shown))).toEqual({
      code: 'P0001',
      message: 'referral.settlement_changed',
    });
    expect(await ledgerOf(referrer.id)).toEqual([]);
    expect((await commissionsOf(referrer.id)).every((c) => c.settled_at === null)).toBe(true);
    // A new preview pays both.
    const again = await preview(referrer.id, rate);
    expect(again.commissions).toBe(2);
    expect((await settle(referrer.id, rate, again)).commissions).toBe(2);
  });

  it('refuses a rate more than 20 % from the previous settlement’s unless the admin confirms that rate', async () => {
    const previous = await usualRate();
    const { referrer } = await referrerWith('START');
    // Make sure there is a previous settlement to compare with.
    const first = await preview(referrer.id, previous);
    await settle(referrer.id, previous, first, { confirmedPrevious: first.previous_rate });

    const { referrer: next } = await referrerWith('PREMIUM');
    const typo = Math.round(previous * 16 * 1e6) / 1e6;
    const shown = await preview(next.id, typo);
    expect(shown.previous_rate).toBe(previous);
    expect(shown.rate_change_pct).toBe(1500);
    const refused = await errorOf(settle(next.id, typo, shown));
    expect(refused).toEqual({ code: 'P0001', message: 'referral.rate_confirmation_required' });
    // Confirming another number is no confirmation.
    expect(await errorOf(settle(next.id, typo, shown, { confirmedPrevious: typo }))).toEqual(refused);
    expect(await ledgerOf(next.id)).toEqual([]);
    // Within 20 % needs nothing; the explicit confirmation of both numbers lets the typed rate through.
    const close = Math.round(previous * 1.19 * 1e6) / 1e6;
    expect((await preview(next.id, close)).commissions).toBe(1);
    const done = await settle(next.id, typo, shown, { confirmedPrevious: previous });
    expect(done.rate).toBe(typo);
    // The next settlement compares with this one's rate: back to the usual rate is now 16× off.
    const { referrer: third } = await referrerWith('START');
    const back = await preview(third.id, previous);
    expect(back.previous_rate).toBe(typo);
    expect(await errorOf(settle(third.id, previous, back))).toEqual(refused);
    await settle(third.id, previous, back, { confirmedPrevious: typo });
  });

  it('returns the first result to a repeated submit with the same key and credits once', async () => {
    const rate = await usualRate();
    const { referrer } = await referrerWith('VIP');
    const shown = await preview(referrer.id, rate);
    const key = randomUUID();
    const first = await settle(referrer.id, rate, shown, { key });
    const again = await settle(referrer.id, rate, shown, { key });
    expect(again).toEqual(first);
    expect(await ledgerOf(referrer.id)).toHaveLength(1);
    // The same key for another call is refused.
    expect(await errorOf(settle(referrer.id, rate, { ...shown, commissions: 5 }, { key }))).toEqual({
      code: 'P0001',
      message: 'admin.idempotency_key_reused',
    });
  });

  it('settles once when two admins confirm at the same moment', async () => {
    const rate = await usualRate();
    const { referrer } = await referrerWith('START', 'VIP');
    const shown = await preview(referrer.id, rate);
    let arrived = 0;
    let release: () => void = () => undefined;
    const allOpen = new Promise<void>((resolve) => {
      release = resolve;
    });
    const results = await Promise.allSettled(
      [treasurer, secondAdmin].map((actor) =>
        asActor(actor, async (query) => {
          await query('select 1');
          arrived += 1;
          if (arrived === 2) release();
          await allOpen;
          return query('select public.admin_settle_commissions($1, $2, $3, $4, $5) as s', [
            rate,
            shown.commissions,
            shown.total_pln,
            randomUUID(),
            referrer.id,
          ]);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed.map((r) => (r.reason as Error).message)).toEqual(['referral.settlement_changed']);
    expect(await ledgerOf(referrer.id)).toHaveLength(1);
    expect(new Set((await commissionsOf(referrer.id)).map((c) => c.settlement_id)).size).toBe(1);
  });

  it("settles every referrer at once from the preview's totals, one credit each, audited as a whole", async () => {
    const rate = await usualRate();
    const one = await referrerWith('START');
    const two = await referrerWith('PREMIUM', 'START');
    const all = await preview(null, rate);
    expect(all.members).toBeGreaterThanOrEqual(2);
    expect(all.commissions).toBeGreaterThanOrEqual(3);
    const done = await settle(null, rate, all);
    expect(done).toMatchObject({ members: all.members, commissions: all.commissions, total_usdt: all.total_usdt });
    expect(await ledgerOf(one.referrer.id)).toHaveLength(1);
    expect(await ledgerOf(two.referrer.id)).toHaveLength(1);
    expect(await preview(null, rate)).toMatchObject({ members: 0, commissions: 0, total_pln: 0, total_usdt: 0 });
    const { rows } = await admin().query(
      "select after from public.admin_audit_log where action = 'referral.settle_all' order by id desc limit 1",
    );
    expect(rows[0]!.after).toMatchObject({ members: all.members, commissions: all.commissions });
  });

  it("shows a commission refunded before its settlement as 'Anulowana' and never pays it", async () => {
    const rate = await usualRate();
    const { referrer, orders } = await referrerWith('START');
    await queryAs(treasurer, "select * from public.admin_refund_payment($1, 'Rezygnacja', 'transfer', 'ZWROT 1')", [
      orders[0],
    ]);
    expect(await preview(referrer.id, rate)).toMatchObject({ commissions: 0 });
    const [overview] = await queryAs<{ o: { commissions: { status: string }[] } }>(
      referrer,
      'select public.get_my_referral_overview() as o',
    );
    expect(overview!.o.commissions.map((c) => c.status)).toEqual(['cancelled']);
  });

  describe('a settled commission of an order refunded later', () => {
    async function settledCommission() {
      const rate = await usualRate();
      const { referrer, orders } = await referrerWith('START');
      const shown = await preview(referrer.id, rate);
      const done = await settle(referrer.id, rate, shown);
      return { referrer, order: orders[0]!, usdt: done.total_usdt };
    }
    const refund = (orderId: string) =>
      queryAs(treasurer, "select * from public.admin_refund_payment($1, 'Rezygnacja', 'transfer', 'ZWROT 3')", [
        orderId,
      ]);

    it("is taken back from the referrer's wallet by a ledger debit, 'Anulowana', notified and audited", async () => {
      const { referrer, order, usdt } = await settledCommission();
      const { rows: before } = await admin().query<{ id: string }>(
        'select coalesce(max(id), 0) as id from public.admin_audit_log',
      );
      await refund(order);
      const ledger = await ledgerOf(referrer.id);
      expect(ledger.map((entry) => [entry.kind, entry.available_delta])).toEqual([
        ['commission_payout', usdt.toFixed(2)],
        ['reversal', (-usdt).toFixed(2)],
      ]);
      expect(ledger[1]!.note).toMatch(/^Cofnięcie prowizji za polecenie: zwrot płatności /);
      const [commission] = await commissionsOf(referrer.id);
      expect(commission).toMatchObject({ amount_usdt: usdt.toFixed(2), cancelled_at: expect.any(Date) });
      const { rows: debts } = await admin().query('select * from public.wallet_debts where user_id = $1', [
        referrer.id,
      ]);
      expect(debts).toEqual([]);
      const { rows: notes } = await admin().query(
        "select title from public.notifications where user_id = $1 and data ->> 'kind' = 'commission_reversed'",
        [referrer.id],
      );
      expect(notes).toEqual([{ title: 'Prowizja cofnięta' }]);
      const { rows: audit } = await admin().query(
        "select after from public.admin_audit_log where id > $1 and action = 'payment.refund'",
        [before[0]!.id],
      );
      expect(audit[0]!.after.reversed_commissions).toEqual([
        expect.objectContaining({ referrer_id: referrer.id, amount_usdt: usdt, debited: usdt, debt: 0 }),
      ]);
      const [overview] = await queryAs<{ o: { commissions: { status: string }[] } }>(
        referrer,
        'select public.get_my_referral_overview() as o',
      );
      expect(overview!.o.commissions.map((c) => c.status)).toEqual(['cancelled']);
    });

    it('takes what the wallet holds and leaves the rest as a debt of the referrer', async () => {
      const { referrer, order, usdt } = await settledCommission();
      // ERC20: the network no test file switches off.
      await enableUsdtNetworks();
      await queryAs(referrer, 'select * from public.request_withdrawal($1, $2, $3)', [100, 'ERC20', walletAddress()]);
      await refund(order);
      const available = Math.round((usdt - 100) * 100) / 100;
      const ledger = await ledgerOf(referrer.id);
      expect(ledger.at(-1)).toMatchObject({ kind: 'reversal', available_delta: (-available).toFixed(2) });
      const { rows: debts } = await admin().query(
        'select amount, repaid, source_type from public.wallet_debts where user_id = $1',
        [referrer.id],
      );
      expect(debts).toEqual([{ amount: '100.00', repaid: '0.00', source_type: 'referral_commission' }]);
      // The refund is not repeated: a second call changes nothing.
      const [again] = await refund(order);
      expect(again!.changed).toBe(false);
      expect(await ledgerOf(referrer.id)).toHaveLength(ledger.length);
    });
  });

  it('is for admins with their second factor only; the list of what is owed too', async () => {
    const { referrer } = await referrerWith('START');
    const rate = await usualRate();
    const shown = await preview(referrer.id, rate);
    for (const actor of [referrer, withClaims(treasurer, { aal: 'aal1' })]) {
      expect(await sqlState(preview(referrer.id, rate, actor))).toBe('42501');
      expect(await sqlState(settle(referrer.id, rate, shown, { actor }))).toBe('42501');
      expect(await sqlState(queryAs(actor, 'select * from public.admin_list_unpaid_commissions(20, 0)'))).toBe('42501');
    }
    expect(await sqlState(queryAs('anon', 'select public.admin_preview_commission_settlement(0.25)'))).toBe('42501');
    const listed = await queryAs<{ user_id: string; commissions: number; total_pln: string }>(
      treasurer,
      'select user_id, commissions, total_pln from public.admin_list_unpaid_commissions(1000, 0)',
    );
    expect(listed).toContainEqual({ user_id: referrer.id, commissions: 1, total_pln: '499.70' });
    // Most owed first; a page carries the referrer's name and the count of every referrer owed.
    const page = await queryAs<{ user_id: string; full_name: string | null; total_pln: string; total_count: string }>(
      treasurer,
      'select user_id, full_name, total_pln, total_count from public.admin_list_unpaid_commissions(2, 0)',
    );
    expect(page.map((row) => row.total_pln)).toEqual(listed.slice(0, 2).map((row) => row.total_pln));
    expect(page.every((row) => Number(row.total_count) === listed.length)).toBe(true);
    const mine = await queryAs<{ full_name: string | null }>(
      treasurer,
      'select full_name from public.admin_list_unpaid_commissions(1000, 0) where user_id = $1',
      [referrer.id],
    );
    expect(mine[0]?.full_name).toBeTruthy();
    expect(await errorOf(settle(referrer.id, 0, shown))).toEqual({ code: 'P0001', message: 'payouts.invalid_rate' });
  });
});
