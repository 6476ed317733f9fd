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
import { checkLedgerAfterEachTest, payForPlan } from '../helpers/money-factories.ts';

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
