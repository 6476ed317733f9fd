// A member's data (issue 38, RODO): the export built from one catalogue (and the drift test that
// keeps the catalogue true to the schema), the member's own deletion and the admin's through the one
// erasure, what stays anonymised and for how long, the purge after retain_until, the requests log
// with its deadlines, the stored files' removal queue and the health check.
// The ledger, payout and money-in invariants are checked after every test (tests/setup/per-file.ts),
// the audit chain after the file.
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferralCode, signUpWithReferral } from '../helpers/accounts-factories.ts';
import {
  addIdeaComment,
  addPostComment,
  addReaction,
  addVote,
  createIdea,
  createPost,
  ideaRow,
  storeIdeaImage,
} from '../helpers/content-factories.ts';
import {
  addMfaFactor,
  admin,
  claimsOf,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  sqlState,
  withClaims,
  type TestUser,
} from '../helpers/db.ts';
import {
  claimWithdrawal,
  fundWallet,
  payForPlan,
  pendingWithdrawal,
  txHash,
  walletAddress,
  completeWithdrawal,
  enableUsdtNetworks,
} from '../helpers/money-factories.ts';

const PASSWORD = 'Haslo-do-usuniecia-1';

let adminUser: TestUser;

beforeAll(async () => {
  adminUser = await createAdmin();
});

/** A member whose password is PASSWORD (bcrypt, as Auth stores it), with a unique name and phone. */
async function memberWithPassword(label = 'Kasowany'): Promise<TestUser & { name: string; phone: string }> {
  const tag = randomBytes(4).toString('hex');
  const name = `Zofia ${label}-${tag}`;
  const phone = `+48600${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
  const member = await createMember({ fullName: name, phone });
  await setPassword(member, PASSWORD);
  return { ...member, name, phone };
}

async function setPassword(user: TestUser, password: string): Promise<void> {
  await admin().query(
    "update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 4)) where id = $1",
    [user.id, password],
  );
}

/** The claims of a session that verified its TOTP code `secondsAgo` seconds ago (aal2). */
function withFreshCode(user: TestUser, secondsAgo = 5): TestUser {
  const now = Math.floor(Date.now() / 1000);
  return withClaims(user, {
    aal: 'aal2',
    amr: [
      { method: 'totp', timestamp: now - secondsAgo },
      { method: 'password', timestamp: now - 600 },
    ],
  });
}

const deleteAccount = (user: TestUser, password = PASSWORD, confirmation = 'USUŃ') =>
  queryAs<{ result: string }>(user, 'select public.delete_my_account($1, $2) as result', [password, confirmation]).then(
    (rows) => rows[0]!.result,
  );

const exportData = async (user: TestUser) =>
  (await queryAs<{ data: Record<string, unknown> }>(user, 'select public.export_my_data() as data'))[0]!.data as {
    format: string;
    user_id: string;
    data: Record<string, unknown>;
  };

/** Auth's audit log as GoTrue writes it: the payload's actor (or traits, for an admin's action). */
async function gotrueAuditEntry(payload: Record<string, unknown>, ip = ''): Promise<string> {
  const id = randomUUID();
  await admin().query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2::json, now(), $3)`,
    [id, JSON.stringify(payload), ip],
  );
  return id;
}

const loginEntry = (user: TestUser) => ({
  action: 'login',
  actor_id: user.id,
  actor_username: user.email,
  actor_via_sso: false,
  log_type: 'account',
  traits: { provider: 'email' },
});

type Hits = Record<string, string[]>;

/**
 * Every row of every table of the schemas the app and Supabase keep (public, private, auth, storage)
 * that holds one of the member's values, by table: which of id, email, name, phone it holds.
 */
async function rowsHolding(values: { id: string; email: string; name: string; phone: string }): Promise<Hits> {
  const { rows: tables } = await admin().query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth', 'storage')
      order by 1`,
  );
  const hits: Hits = {};
  for (const { name } of tables) {
    const { rows } = await admin().query<{ id: boolean; email: boolean; name: boolean; phone: boolean }>(
      `select bool_or(strpos(t::text, $1) > 0) as id, bool_or(strpos(lower(t::text), $2) > 0) as email,
              bool_or(strpos(lower(t::text), $3) > 0) as name, bool_or(strpos(t::text, $4) > 0) as phone
         from ${name} t`,
      [values.id, values.email.toLowerCase(), values.name.toLowerCase(), values.phone],
    );
    const found = (['id', 'email', 'name', 'phone'] as const).filter((key) => rows[0]?.[key]);
    if (found.length) hits[name] = found;
  }
  return hits;
}

async function privacyRequests(where: string, params: unknown[]) {
  const { rows } = await admin().query<{
    id: string;
    kind: string;
    channel: string;
    user_id: string | null;
    requester_email: string | null;
    status: string;
    completed_at: Date | null;
    handled_by: string | null;
    subject_erased: boolean;
    note: string | null;
    received_at: Date;
    due_at: Date;
  }>(`select * from public.privacy_requests where ${where} order by created_at`, params);
  return rows;
}

const recordRequest = (
  actor: TestUser,
  kind: string,
  email: string,
  receivedAt = new Date(),
  note: string | null = null,
) =>
  queryAs<{ id: string; user_id: string | null; due_at: Date; received_at: Date; status: string }>(
    actor,
    'select * from public.admin_record_privacy_request($1, $2, $3, $4, $5)',
    [kind, 'email', receivedAt, email, note],
  ).then((rows) => rows[0]!);

describe('the catalogue of a member’s data (the export’s drift test)', () => {
  it('lists every column of the schema that holds a member’s id, exported or excluded with a reason', async () => {
    // A member's id: a foreign key to auth.users, profiles.user_id or wallet_balances.user_id, or a
    // column named as the app names a member (admins' ids, *_by, are audit values, not members').
    const { rows: schema } = await admin().query<{ name: string }>(`
      select distinct format('%s.%s.%s', n.nspname, c.relname, a.attname) as name
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p')
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'private', 'auth', 'storage') and a.attnum > 0 and not a.attisdropped
         and (a.attname in ('user_id', 'author_id', 'submitted_by', 'referrer_id', 'referred_id', 'target_user_id',
                            'actor_id', 'owner', 'owner_id')
              or exists (select 1 from pg_constraint k
                          where k.contype = 'f' and k.conrelid = c.oid and a.attnum = any (k.conkey)
                            and k.confrelid in ('auth.users'::regclass, 'public.profiles'::regclass,
                                                'public.wallet_balances'::regclass)))
       order by 1`);
    const { rows: catalogue } = await admin().query<{ name: string; section: string | null; reason: string | null }>(
      `select format('%s.%s.%s', table_schema, table_name, member_column) as name, section, reason
         from private.member_data_catalogue()`,
    );
    const listed = new Set(catalogue.map((row) => row.name));
    expect(
      schema.map((row) => row.name).filter((name) => !listed.has(name)),
      'tables with a member’s id missing from private.member_data_catalogue()',
    ).toEqual([]);
    expect(
      catalogue.filter((row) => row.section === null && !row.reason?.trim()),
      'excluded without a reason',
    ).toEqual([]);
    // Every entry names a column that exists (no stale entry), and every section is one key.
    const { rows: columns } = await admin().query<{ name: string }>(
      `select format('%s.%s.%s', table_schema, table_name, column_name) as name from information_schema.columns
        where table_schema in ('public', 'private', 'auth', 'storage')`,
    );
    const existing = new Set(columns.map((row) => row.name));
    expect(catalogue.filter((row) => !existing.has(row.name))).toEqual([]);
    const sections = catalogue.flatMap((row) => (row.section ? [row.section] : []));
    expect(new Set(sections).size).toBe(sections.length);
  });
});

describe('export_my_data', () => {
  it('holds every row keyed to the member, with admins, secrets and referred members hidden', async () => {
    const referrer = await createMember({ fullName: 'Polecająca Osoba' });
    const code = await createReferralCode(referrer);
    const member = await signUpWithReferral(code.code, { fullName: 'Jan Eksportowy', phone: '+48600111222' });
    await setPassword(member, PASSWORD);
    const referred = await signUpWithReferral((await createReferralCode(member)).code, { fullName: 'Polecony Ktoś' });
    const orderId = await payForPlan(member.id, 'START');
    await fundWallet(member, 25, 'Wpłata testowa');
    await queryAs(adminUser, `select public.admin_update_user($1, 'Jan Eksportowy-Nowy')`, [member.id]);
    await addMfaFactor(member.id);
    const idea = await createIdea(member);
    await addVote(idea.id, member, 4);
    await addIdeaComment(idea.id, member, 'Mój komentarz');
    await gotrueAuditEntry(loginEntry(member), '203.0.113.7');

    const file = await exportData(member);
    expect(file).toMatchObject({ format: 'klub-member-data', user_id: member.id });
    const data = file.data as Record<string, unknown[] | Record<string, unknown> | null>;
    expect(data.profile).toMatchObject({ user_id: member.id, email: member.email, full_name: 'Jan Eksportowy-Nowy' });
    expect(data.account).toMatchObject({ email: member.email });
    expect(data.orders).toEqual([expect.objectContaining({ id: orderId, status: 'paid', buyer_email: member.email })]);
    expect(data.membership_periods).toEqual([expect.objectContaining({ level: 'START', order_id: orderId })]);
    expect(data.wallet).toMatchObject({ available_balance: 25 });
    expect(data.wallet_ledger).toEqual([
      expect.objectContaining({ kind: 'credit', available_delta: 25, note: 'Wpłata testowa' }),
    ]);
    expect(data.referred_by).toMatchObject({ code: code.code, referrer: expect.stringContaining('***') });
    expect(data.referrals).toEqual([expect.objectContaining({ member: expect.stringContaining('***') })]);
    expect(data.sign_in_factors).toEqual([expect.objectContaining({ factor_type: 'totp', status: 'verified' })]);
    expect(Object.keys((data.sign_in_factors as object[])[0]!).sort()).toEqual(['created_at', 'factor_type', 'status']);
    expect(data.sign_in_events).toEqual([expect.objectContaining({ action: 'login', ip: '203.0.113.7' })]);
    expect(data.ideas).toEqual([expect.objectContaining({ id: idea.id, title: idea.title })]);
    expect(data.idea_votes).toEqual([expect.objectContaining({ idea_id: idea.id, score: 4 })]);
    expect(data.idea_comments).toEqual([expect.objectContaining({ content: 'Mój komentarz' })]);
    // The admin's edit is there with its values, not who made it.
    expect(data.audit_entries).toContainEqual(
      expect.objectContaining({
        action: 'profiles.update',
        by: 'admin',
        after: expect.objectContaining({ full_name: 'Jan Eksportowy-Nowy' }),
      }),
    );
    expect(Object.keys(data).sort()).toEqual(
      (
        await admin().query<{ section: string }>(
          'select section from private.member_data_catalogue() where section is not null',
        )
      ).rows
        .map((row) => row.section)
        .sort(),
    );

    const written = JSON.stringify(file);
    for (const hidden of [
      adminUser.id,
      adminUser.email,
      'JBSWY3DPEHPK3PXP',
      referred.email,
      'Polecony Ktoś',
      referrer.email,
      'signup_claim',
    ]) {
      expect(written, `the file shows ${hidden}`).not.toContain(hidden);
    }
    const { rows } = await admin().query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [member.id],
    );
    expect(written).not.toContain(rows[0]!.encrypted_password);
  });

  it('is logged as a completed request, at most 3 a day', async () => {
    const member = await createMember();
    for (let i = 0; i < 3; i += 1) await exportData(member);
    expect(await errorOf(exportData(member))).toEqual({ code: 'P0001', message: 'privacy.export_rate_limited' });
    const logged = await privacyRequests('user_id = $1', [member.id]);
    expect(logged).toHaveLength(3);
    expect(
      logged.every(
        (r) => r.kind === 'export' && r.channel === 'app' && r.status === 'completed' && r.handled_by === null,
      ),
    ).toBe(true);
    expect(await sqlState(queryAs('anon', 'select public.export_my_data()'))).toBe('42501');
  });

  it('holds the whole ledger, in order (5 000 rows: npm run bench:privacy times it)', async () => {
    const member = await createMember();
    await admin().query(
      `select private.apply_wallet_entry($1, 'credit', 1, 0, null, 'Wpis ' || g) from generate_series(1, 300) g`,
      [member.id],
    );
    const ledger = (await exportData(member)).data.wallet_ledger as { note: string }[];
    expect(ledger).toHaveLength(300);
    expect(ledger[0]!.note).toBe('Wpis 1');
    expect(ledger.at(-1)!.note).toBe('Wpis 300');
    await admin().query(`select private.apply_wallet_entry($1, 'adjustment', -300, 0, null, 'Zerowanie')`, [member.id]);
  });
});

describe('admin_export_member_data and the requests log', () => {
  it('records an e-mailed request with a month’s deadline, finds the member by the address, and exports for it', async () => {
    const member = await createMember();
    const receivedAt = new Date(Date.now() - 3 * 86_400_000);
    const request = await recordRequest(
      adminUser,
      'export',
      member.email.toUpperCase(),
      receivedAt,
      'Napisał 3 dni temu',
    );
    expect(request).toMatchObject({ user_id: member.id, status: 'open' });
    const { rows } = await admin().query<{ months: boolean }>(
      `select due_at = received_at + interval '1 month' as months from public.privacy_requests where id = $1`,
      [request.id],
    );
    expect(rows[0]!.months).toBe(true);

    const listed = await queryAs<{ id: string; member_email: string; status: string; total_count: string }>(
      adminUser,
      "select * from public.admin_list_privacy_requests('open')",
    );
    expect(listed.find((row) => row.id === request.id)).toMatchObject({ member_email: member.email, status: 'open' });

    const [exported] = await queryAs<{ data: { user_id: string } }>(
      adminUser,
      'select public.admin_export_member_data($1) as data',
      [request.id],
    );
    expect(exported!.data.user_id).toBe(member.id);
    expect((await privacyRequests('id = $1', [request.id]))[0]).toMatchObject({
      status: 'completed',
      handled_by: adminUser.id,
    });
    expect(await errorOf(queryAs(adminUser, 'select public.admin_export_member_data($1)', [request.id]))).toEqual({
      code: 'P0001',
      message: 'privacy.request_not_open',
    });
    const { rows: audit } = await admin().query<{ action: string }>(
      'select action from public.admin_audit_log where target_id = $1 order by id',
      [request.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['privacy_request.record', 'privacy_request.export']);
  });

  it('validates what is recorded, refuses members, and closes only with a reason or for a non-erasure', async () => {
    const member = await createMember();
    expect(await errorOf(recordRequest(adminUser, 'export', 'nie-adres'))).toEqual({
      code: '22023',
      message: 'privacy.invalid_email',
    });
    expect(await errorOf(recordRequest(adminUser, 'export', 'a@b.pl', new Date(Date.now() + 86_400_000)))).toEqual({
      code: '22023',
      message: 'privacy.invalid_received_at',
    });
    expect(await sqlState(recordRequest(member, 'export', 'a@b.pl'))).toBe('42501');
    expect(await sqlState(queryAs(member, 'select * from public.admin_list_privacy_requests()'))).toBe('42501');
    expect(await queryAs(member, 'select * from public.privacy_requests')).toEqual([]);

    const stranger = await recordRequest(adminUser, 'rectification', `nikt-${randomUUID()}@example.test`);
    expect(stranger.user_id).toBeNull();
    const close = (id: string, status: string, note: string | null) =>
      queryAs(adminUser, 'select * from public.admin_close_privacy_request($1, $2, $3)', [id, status, note]);
    expect(await errorOf(close(stranger.id, 'refused', ' '))).toEqual({
      code: '22023',
      message: 'privacy.reason_required',
    });
    expect(await close(stranger.id, 'refused', 'Nie ustaliliśmy tożsamości')).toEqual([
      expect.objectContaining({ status: 'refused', handled_by: adminUser.id }),
    ]);
    const erasure = await recordRequest(adminUser, 'erasure', member.email);
    expect(await errorOf(close(erasure.id, 'completed', null))).toEqual({
      code: 'P0001',
      message: 'privacy.erasure_needs_deletion',
    });
  });
});

describe('delete_my_account', () => {
  it('asks for USUŃ and the password, and counts wrong passwords (5 in 15 minutes stop it)', async () => {
    const member = await memberWithPassword();
    expect(await errorOf(deleteAccount(member, PASSWORD, 'usun'))).toEqual({
      code: 'P0001',
      message: 'privacy.confirmation_mismatch',
    });
    for (let i = 0; i < 5; i += 1) expect(await deleteAccount(member, 'zle-haslo')).toBe('wrong_password');
    expect(await errorOf(deleteAccount(member))).toEqual({ code: 'P0001', message: 'privacy.too_many_attempts' });
    await admin().query(
      "update private.privacy_password_attempts set attempted_at = now() - interval '16 minutes' where user_id = $1",
      [member.id],
    );
    expect(await deleteAccount(member)).toBe('deleted');
    expect(
      await admin()
        .query('select 1 from auth.users where id = $1', [member.id])
        .then((r) => r.rows),
    ).toEqual([]);
    expect(await sqlState(queryAs('anon', "select public.delete_my_account('x', 'USUŃ')"))).toBe('42501');
  });

  it('reads a local Auth password hash ($2b$) as well as GoTrue’s ($2a$)', async () => {
    const member = await memberWithPassword();
    // bcryptjs 3 writes $2b$; the same hash with GoTrue's prefix must match too.
    await admin().query(
      "update auth.users set encrypted_password = regexp_replace(encrypted_password, '^\\$2a\\$', '$2b$') where id = $1",
      [member.id],
    );
    expect(await deleteAccount(member, 'zle-haslo')).toBe('wrong_password');
    expect(await deleteAccount(member)).toBe('deleted');
  });

  it('with two-factor sign-in, needs a session that verified a code in the last 10 minutes', async () => {
    const member = await memberWithPassword();
    await addMfaFactor(member.id);
    const refused = { code: 'P0001', message: 'privacy.second_factor_required' };
    expect(await errorOf(deleteAccount(member))).toEqual(refused);
    expect(await errorOf(deleteAccount(withFreshCode(member, 11 * 60)))).toEqual(refused);
    expect(await deleteAccount(withFreshCode(member))).toBe('deleted');
  });

  it('lists and enforces the blockers: money in the wallet, a withdrawal in progress, an order waiting', async () => {
    const member = await memberWithPassword();
    const blockers = () =>
      queryAs<{ kind: string; items: number; refs: string[] }>(
        member,
        'select * from public.get_account_deletion_blockers()',
      );
    expect(await blockers()).toEqual([]);

    const withdrawal = await pendingWithdrawal(member, 8);
    await fundWallet(member, 2);
    const { rows } = await admin().query<{ reference: string }>(
      `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
       select private.new_payment_reference(), $1, 'plan', 'VIP', 'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
         from public.membership_plans m where m.tier = 'VIP' returning reference`,
      [member.id],
    );
    expect((await blockers()).map((b) => b.kind).sort()).toEqual(['balance', 'order', 'withdrawal']);
    expect((await blockers()).find((b) => b.kind === 'order')).toMatchObject({ items: 1, refs: [rows[0]!.reference] });
    expect(await errorOf(deleteAccount(member))).toEqual({ code: 'P0001', message: 'privacy.deletion_blocked' });

    await queryAs(member, 'select public.cancel_withdrawal($1)', [withdrawal.id]);
    await queryAs(
      member,
      'select * from public.cancel_payment_order((select id from public.payment_orders where reference = $1))',
      [rows[0]!.reference],
    );
    await queryAs(
      adminUser,
      `select public.admin_adjust_wallet($1, 'debit', 10, 'Zwrot przed usunięciem', gen_random_uuid())`,
      [member.id],
    );
    expect(await blockers()).toEqual([]);
    expect(await deleteAccount(member)).toBe('deleted');
  });
});

describe('the erasure', () => {
  type Snapshot = { referral_count: number; total_earnings: string; rank: number };

  /** The referral ranking's counters of the given members, and their order among themselves. */
  async function rankingOf(ids: string[]): Promise<Record<string, Snapshot>> {
    const rows = await queryAs<{ id: string; referral_count: number; total_earnings: string }>(
      adminUser,
      'select * from public.get_referral_rankings(100)',
    );
    const mine = rows.filter((row) => ids.includes(row.id));
    return Object.fromEntries(
      mine.map((row, rank) => [
        row.id,
        { referral_count: row.referral_count, total_earnings: row.total_earnings, rank },
      ]),
    );
  }

  it('leaves no row holding the member’s id, e-mail, name or phone but the anonymised financial rows', async () => {
    const referrer = await createMember({ fullName: 'Polecający Zostaje' });
    const rival = await createMember({ fullName: 'Drugi Polecający' });
    const code = await createReferralCode(referrer);
    const rivalCode = await createReferralCode(rival);
    await signUpWithReferral(rivalCode.code);
    const tag = randomBytes(4).toString('hex');
    const name = `Ewa Zapomniana-${tag}`;
    const phone = `+48601${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const member = { ...(await signUpWithReferral(code.code, { fullName: name, phone })), name, phone };
    await setPassword(member, PASSWORD);
    const other = await createMember();

    // Money: a paid plan (the referrer's commission), a cancelled and a completed withdrawal (the
    // wallet ends at 0), an admin's credit and debit with their idempotency keys, a payout item.
    const orderId = await payForPlan(member.id, 'START');
    await fundWallet(member, 15);
    await enableUsdtNetworks();
    const [cancelled] = await queryAs<{ id: string }>(member, 'select * from public.request_withdrawal(5, $1, $2)', [
      'ERC20',
      walletAddress(),
    ]);
    await queryAs(member, 'select public.cancel_withdrawal($1)', [cancelled!.id]);
    const [paidOut] = await queryAs<{ id: string }>(member, 'select * from public.request_withdrawal(15, $1, $2)', [
      'ERC20',
      walletAddress(),
    ]);
    await claimWithdrawal(adminUser, paidOut!.id);
    await completeWithdrawal(adminUser, paidOut!.id, txHash());
    await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'credit', 3, 'Bonus', gen_random_uuid())`, [
      member.id,
    ]);
    await queryAs(adminUser, `select public.admin_adjust_wallet($1, 'debit', 3, 'Korekta', gen_random_uuid())`, [
      member.id,
    ]);
    const { rows: runs } = await admin().query<{ id: string }>(
      `with revenue as (insert into public.ecommerce_revenue (amount) values (100) returning id)
       insert into public.payout_runs (revenue_id, revenue_amount, revenue_date, rate_pln_usdt, tiers, members_count, total_pln, total_usdt, remainder_pln)
       select r.id, 100, current_date, 4, '[]', 1, 8, 2, 92 from revenue r returning id`,
    );
    await admin().query(
      "insert into public.payout_run_items (run_id, user_id, tier, amount_pln, amount_usdt) values ($1, $2, 'START', 8, 2)",
      [runs[0]!.id, member.id],
    );
    await queryAs(
      member,
      "insert into public.withdrawal_addresses (label, network, address) values ('Mój', 'ERC20', $1)",
      [walletAddress()],
    );
    await queryAs(adminUser, `select public.admin_update_user($1, $2, $3)`, [member.id, `${name}-B`, phone]);

    // Content: an idea others voted on (kept), one nobody else touched (goes), votes, comments and
    // reactions on others' content, a post others reacted to (kept), an avatar and idea images.
    const image = await storeIdeaImage(member);
    const kept = await createIdea(member, { image_urls: [image.path] });
    await addVote(kept.id, other, 5);
    await addVote(kept.id, member, 3);
    const lonely = await createIdea(member);
    await addVote(lonely.id, member, 4);
    const othersIdea = await createIdea(other);
    await addVote(othersIdea.id, other, 2);
    await addVote(othersIdea.id, member, 5);
    await addIdeaComment(othersIdea.id, member, `Komentarz od ${name}`);
    const untouched = await createIdea(other);
    await addVote(untouched.id, other, 4);
    const post = await createPost(member);
    await addReaction(post.id, other, 'fire');
    const othersPost = await createPost(other);
    await addReaction(othersPost.id, member, 'love');
    await addPostComment(othersPost.id, member);
    const avatar = await storeIdeaImage(member, { bucket: 'avatars' });
    await admin().query('update public.user_settings set avatar_url = $2 where user_id = $1', [
      member.id,
      `http://127.0.0.1/storage/v1/object/public/avatars/${avatar.path}`,
    ]);

    // Sign-in traces: a second factor with its session, GoTrue's audit entries (hers, an admin's on
    // her account, someone else's), a PKCE flow; an e-mailed erasure request recorded for her.
    await addMfaFactor(member.id);
    await gotrueAuditEntry(loginEntry(member), '203.0.113.9');
    await gotrueAuditEntry({
      action: 'token_refreshed',
      actor_id: member.id,
      actor_username: member.email,
      actor_via_sso: false,
      log_type: 'token',
    });
    await gotrueAuditEntry({
      action: 'user_modified',
      actor_id: '00000000-0000-0000-0000-000000000000',
      actor_username: 'service_role',
      actor_via_sso: false,
      log_type: 'user',
      traits: { user_id: member.id, user_email: member.email, user_phone: '' },
    });
    const othersEntry = await gotrueAuditEntry(loginEntry(other));
    await admin().query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
       values (gen_random_uuid(), $1, 'kod', 's256', 'wyzwanie', 'email', 'magiclink', now(), now())`,
      [member.id],
    );
    const emailed = await recordRequest(adminUser, 'erasure', member.email, new Date(), 'Prośba z e-maila');

    const { rows: ledgerIds } = await admin().query<{ id: string }>(
      'select id::text from public.wallet_transactions where user_id = $1',
      [member.id],
    );
    const rankingBefore = await rankingOf([referrer.id, rival.id]);
    const untouchedBefore = await ideaRow(untouched.id);

    expect(await deleteAccount(withFreshCode(member))).toBe('deleted');

    // Right after the commit: the goodbye e-mail (until sent), the files (until Storage removed
    // them), the paid order (the evidence: the buyer's name and e-mail) and the audit rows (the
    // member's id only: their personal values are gone) still name her.
    const values = { id: member.id, email: member.email, name, phone };
    expect(await rowsHolding(values)).toEqual({
      'private.email_outbox': ['email', 'name'],
      'private.storage_removals': ['id'],
      'public.admin_audit_log': ['id'],
      'public.payment_orders': ['email', 'name'],
      'storage.objects': ['id'],
    });

    // The goodbye e-mail: to her address, without the member link; its row goes once sent.
    const { rows: goodbye } = await admin().query<{
      id: string;
      user_id: string | null;
      to_email: string;
      variables: { fname: string };
    }>(
      "select id, user_id, to_email, variables from private.email_outbox where template = 'account-deleted' and to_email = $1",
      [member.email],
    );
    expect(goodbye).toEqual([
      expect.objectContaining({ user_id: null, variables: expect.objectContaining({ fname: `${name}-B` }) }),
    ]);
    await queryAs('service_role', 'select public.complete_email_outbox($1)', [goodbye[0]!.id]);

    // The files, as remove-stored-files removes them: claimed, removed through the Storage API
    // (which deletes the storage.objects row), completed.
    const claimed = await queryAs<{ id: string; bucket_id: string; name: string }>(
      'service_role',
      'select * from public.claim_storage_removals(100)',
    );
    const hers = claimed.filter((row) => row.name.startsWith(`${member.id}/`));
    expect(hers.map((row) => `${row.bucket_id}/${row.name}`).sort()).toEqual(
      [`avatars/${avatar.path}`, `idea-images/${image.path}`].sort(),
    );
    for (const row of hers) {
      await admin().query('delete from storage.objects where bucket_id = $1 and name = $2', [row.bucket_id, row.name]);
      await queryAs('service_role', 'select public.complete_storage_removal($1)', [row.id]);
    }
    for (const row of claimed.filter((r) => !hers.includes(r))) {
      await queryAs('service_role', "select public.fail_storage_removal($1, 'not this test''s')", [row.id]);
    }
    expect(await rowsHolding(values)).toEqual({
      'public.admin_audit_log': ['id'],
      'public.payment_orders': ['email', 'name'],
    });

    // The financial rows stay, without her, each with its retention.
    const { rows: order } = await admin().query(
      'select user_id, status, buyer_name, buyer_email, retain_until from public.payment_orders where id = $1',
      [orderId],
    );
    expect(order[0]).toMatchObject({ user_id: null, status: 'paid', buyer_name: name, buyer_email: member.email });
    expect(order[0]!.retain_until).toBeInstanceOf(Date);
    const { rows: ledger } = await admin().query<{ n: number; with_creator: number; hers: number; linked: number }>(
      `select count(*)::int as n, count(created_by)::int as with_creator,
              count(*) filter (where created_by = $2)::int as hers, count(user_id)::int as linked
         from public.wallet_transactions where id = any($1::bigint[])`,
      [ledgerIds.map((row) => row.id), member.id],
    );
    // Her 7 entries stay; those she made (the holds, the release) lose her too; the admin's payout,
    // credit and debit keep their admin; the service role's credit has none.
    expect(ledger[0]).toEqual({ n: 7, with_creator: 3, hers: 0, linked: 0 });
    const { rows: withdrawals } = await admin().query(
      'select user_id, status, processed_by from public.withdrawals where id = any($1) order by status::text',
      [[cancelled!.id, paidOut!.id]],
    );
    expect(withdrawals).toEqual([
      { user_id: null, status: 'cancelled', processed_by: null },
      { user_id: null, status: 'completed', processed_by: adminUser.id },
    ]);
    const { rows: items } = await admin().query<{ user_id: string }>(
      'select user_id from public.payout_run_items where run_id = $1',
      [runs[0]!.id],
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.user_id).not.toBe(member.id);
    const { rows: periods } = await admin().query('select user_id from public.membership_periods where order_id = $1', [
      orderId,
    ]);
    expect(periods).toEqual([{ user_id: null }]);

    // Others: the referrer keeps the referral and the commission, the ranking's order holds; the
    // idea she voted on is recounted, one she did not is as it was; the kept idea and post.
    expect(await rankingOf([referrer.id, rival.id])).toEqual(rankingBefore);
    expect(await ideaRow(othersIdea.id)).toMatchObject({ votes_count: 1, score: '2.00', comments_count: 0 });
    expect(await ideaRow(untouched.id)).toEqual(untouchedBefore);
    expect(await ideaRow(kept.id)).toMatchObject({ submitted_by: null, image_urls: [], votes_count: 1, score: '5.00' });
    expect(await ideaRow(lonely.id)).toBeUndefined();
    const { rows: posts } = await admin().query(
      'select id, author_id from public.posts where id = any($1) order by id',
      [[post.id, othersPost.id]],
    );
    expect(posts).toEqual(
      expect.arrayContaining([
        { id: post.id, author_id: null },
        { id: othersPost.id, author_id: other.id },
      ]),
    );
    const { rows: counters } = await admin().query('select * from private.paid_member_terms_mismatches()');
    expect(counters).toEqual([]);

    // The requests log: her e-mailed request and this deletion are completed, without her.
    const requests = await privacyRequests(
      "kind = 'erasure' and (id = $1 or (channel = 'app' and subject_erased and completed_at > now() - interval '1 minute'))",
      [emailed.id],
    );
    expect(requests.find((r) => r.id === emailed.id)).toMatchObject({
      status: 'completed',
      user_id: null,
      requester_email: null,
      subject_erased: true,
    });
    expect(requests.some((r) => r.channel === 'app' && r.status === 'completed' && r.user_id === null)).toBe(true);

    // Someone else's Auth log entry stays.
    expect(
      (await admin().query('select 1 from auth.audit_log_entries where id = $1', [othersEntry])).rows,
    ).toHaveLength(1);
  });

  it('sends the goodbye e-mail only to a confirmed address', async () => {
    const unconfirmed = await createMember({ confirmed: false });
    await setPassword(unconfirmed, PASSWORD);
    expect(await deleteAccount(unconfirmed)).toBe('deleted');
    const { rows } = await admin().query('select 1 from private.email_outbox where to_email = $1', [unconfirmed.email]);
    expect(rows).toEqual([]);
  });
});

describe('admin_delete_user', () => {
  it('erases through the same function with a reason, answering the request; audited without personal values', async () => {
    const member = await memberWithPassword('Usuwany');
    const pendingOrder = await admin().query<{ id: string }>(
      `insert into public.payment_orders (reference, user_id, kind, plan_tier, method, amount, currency, expires_at)
       select private.new_payment_reference(), $1, 'plan', 'VIP', 'transfer', m.yearly_price_pln, 'PLN', now() + interval '7 days'
         from public.membership_plans m where m.tier = 'VIP' returning id`,
      [member.id],
    );
    const request = await recordRequest(adminUser, 'erasure', member.email);
    const del = (reason: string | null, requestId: string | null = null, target = member.id) =>
      queryAs<{ id: string }>(adminUser, 'select public.admin_delete_user($1, $2, $3) as id', [
        target,
        reason,
        requestId,
      ]);

    expect(await errorOf(del('  '))).toEqual({ code: '22023', message: 'privacy.reason_required' });
    expect(await errorOf(del('Powód', null, adminUser.id))).toEqual({
      code: 'P0001',
      message: 'admin.cannot_delete_self',
    });
    expect(await errorOf(del('Powód', randomUUID()))).toEqual({ code: 'P0001', message: 'privacy.request_not_open' });
    expect(await errorOf(del('Powód', null, randomUUID()))).toEqual({ code: 'P0002', message: 'admin.user_not_found' });
    for (const actor of [member, withClaims(adminUser, { aal: 'aal1' })]) {
      expect(await errorOf(queryAs(actor, 'select public.admin_delete_user($1, $2)', [member.id, 'Powód']))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
    }
    const rich = await createMember();
    await fundWallet(rich, 1);
    expect(await errorOf(del('Powód', null, rich.id))).toEqual({ code: 'P0001', message: 'admin.user_has_balance' });

    const [deleted] = await del('Wniosek e-mailem z 20.11', request.id);
    expect(deleted!.id).toBe(request.id);
    expect((await privacyRequests('id = $1', [request.id]))[0]).toMatchObject({
      status: 'completed',
      handled_by: adminUser.id,
      user_id: null,
      subject_erased: true,
      note: 'Wniosek e-mailem z 20.11',
    });
    // A waiting order is cancelled by the deletion (money arriving later is kept as 'Do zwrotu').
    const { rows: order } = await admin().query(
      'select status, cancel_reason, buyer_name from public.payment_orders where id = $1',
      [pendingOrder.rows[0]!.id],
    );
    expect(order[0]).toEqual({ status: 'cancelled', cancel_reason: 'member_deleted', buyer_name: 'Usunięty członek' });
    const { rows: audit } = await admin().query(
      "select l.action, l.after, (select count(*)::int from public.admin_audit_personal a where a.audit_id = l.id and a.subject = 'target') as personal from public.admin_audit_log l where l.action = 'user.delete' and l.target_user_id = $1",
      [member.id],
    );
    expect(audit).toEqual([
      { action: 'user.delete', after: { reason: 'Wniosek e-mailem z 20.11', request_id: request.id }, personal: 0 },
    ]);
    // Until the goodbye e-mail is sent, the outbox holds the address; the audit rows the id.
    expect(await rowsHolding(member)).toEqual({
      'private.email_outbox': ['email', 'name'],
      'public.admin_audit_log': ['id'],
    });
  });

  it('logs an account deleted outside the app (the Auth admin API) as the club’s own erasure', async () => {
    const member = await createMember();
    await admin().query('delete from auth.users where id = $1', [member.id]);
    const { rows } = await admin().query(
      "select kind, channel, status, user_id, subject_erased from public.privacy_requests where channel = 'system' and completed_at > now() - interval '1 minute'",
    );
    expect(rows).toContainEqual({
      kind: 'erasure',
      channel: 'system',
      status: 'completed',
      user_id: null,
      subject_erased: true,
    });
  });
});

describe('run_privacy_purge', () => {
  const purge = async () =>
    (await admin().query<{ counts: Record<string, number> }>('select private.run_privacy_purge() as counts')).rows[0]!
      .counts;

  it('deletes only the rows without a member past retain_until', async () => {
    // An erased member's order of 2019 (its period and commission) and one of this year.
    const referrer = await createMember();
    const code = await createReferralCode(referrer);
    const old = await signUpWithReferral(code.code);
    const oldOrder = await payForPlan(old.id, 'START');
    await admin().query(
      "update public.payment_orders set created_at = '2019-05-01', decided_at = '2019-05-02' where id = $1",
      [oldOrder],
    );
    await admin().query("update public.membership_periods set created_at = '2019-05-02' where order_id = $1", [
      oldOrder,
    ]);
    const recent = await createMember();
    const recentOrder = await payForPlan(recent.id, 'START');
    await admin().query('delete from auth.users where id = any($1)', [[old.id, recent.id]]);
    // A living member's order of 2019 stays whatever its age.
    const living = await createMember();
    const livingOrder = await payForPlan(living.id, 'PREMIUM');
    await admin().query(
      "update public.payment_orders set created_at = '2019-05-01', decided_at = '2019-05-02' where id = $1",
      [livingOrder],
    );

    // Ledger and withdrawals without a member (as an erasure leaves them), of 2019 and of now.
    const { rows: oldWithdrawal } = await admin().query<{ id: string }>(
      `insert into public.withdrawals (user_id, amount, network, address, status, tx_hash, created_at, processed_at, claimed_by, claimed_at)
       values (null, 5, 'ERC20', $1, 'completed', $2, '2019-03-01', '2019-03-02', $3, '2019-03-01') returning id`,
      [walletAddress(), txHash(), adminUser.id],
    );
    await admin().query(
      `insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, withdrawal_id, created_at)
       values (null, 'withdrawal_hold', -5, 5, $1, '2019-03-01'), (null, 'withdrawal_payout', 0, -5, $1, '2019-03-02'),
              (null, 'credit', 7, 0, null, '2019-01-10'), (null, 'credit', 9, 0, null, now())`,
      [oldWithdrawal[0]!.id],
    );
    // A living member's ledger of 2019 (it sums to zero: the balance stays right) is never purged.
    const livingLedger = await admin().query<{ id: string }>(
      `insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, created_at)
       values ($1, 'credit', 4, 0, '2019-02-01'), ($1, 'adjustment', -4, 0, '2019-02-02') returning id`,
      [living.id],
    );
    // A goodbye e-mail that never went out, 31 days old, and a fresh one.
    await admin().query(
      `insert into private.email_outbox (template, user_id, to_email, created_at, attempts)
       values ('account-deleted', null, 'stary@example.test', now() - interval '31 days', 5),
              ('account-deleted', null, 'swiezy@example.test', now(), 5)`,
    );

    // Outside the purge, the ledger refuses any deletion, even of a row without a member.
    expect(
      await errorOf(
        admin().query('delete from public.wallet_transactions where withdrawal_id = $1', [oldWithdrawal[0]!.id]),
      ),
    ).toEqual({
      code: 'P0001',
      message: 'wallet.ledger_append_only',
    });

    const counts = await purge();
    expect(counts).toMatchObject({ orders: expect.any(Number), withdrawals: expect.any(Number) });
    const exists = async (table: string, ids: string[]) =>
      (await admin().query<{ id: string }>(`select id::text from ${table} where id = any($1)`, [ids])).rows
        .map((r) => r.id)
        .sort();
    expect(await exists('public.payment_orders', [oldOrder, recentOrder, livingOrder])).toEqual(
      [recentOrder, livingOrder].sort(),
    );
    expect(
      (await admin().query('select 1 from public.membership_periods where order_id = $1', [oldOrder])).rows,
    ).toEqual([]);
    expect(
      (await admin().query('select 1 from public.membership_periods where order_id = $1', [recentOrder])).rows,
    ).toHaveLength(1);
    // The living referrer's commission on the purged order stays (their earnings), without the order.
    const { rows: commission } = await admin().query(
      'select order_id, referrer_id, amount_pln from public.referral_commissions where referrer_id = $1',
      [referrer.id],
    );
    expect(commission).toEqual([expect.objectContaining({ order_id: null, referrer_id: referrer.id })]);
    expect(await exists('public.withdrawals', [oldWithdrawal[0]!.id])).toEqual([]);
    const { rows: orphanLedger } = await admin().query<{ available_delta: string }>(
      "select available_delta from public.wallet_transactions where user_id is null and kind = 'credit' and available_delta in (7, 9) and created_at > '2019-01-01' and (created_at < '2019-02-01' or created_at > now() - interval '1 minute')",
    );
    expect(orphanLedger.map((r) => r.available_delta)).toEqual(['9.00']);
    expect(
      await exists(
        'public.wallet_transactions',
        livingLedger.rows.map((r) => r.id),
      ),
    ).toHaveLength(2);
    const { rows: mails } = await admin().query<{ to_email: string }>(
      "select to_email from private.email_outbox where to_email in ('stary@example.test', 'swiezy@example.test')",
    );
    expect(mails).toEqual([{ to_email: 'swiezy@example.test' }]);
    await admin().query("delete from private.email_outbox where to_email = 'swiezy@example.test'");
  });

  it('computes retention as the end of the 5th year after the year of the money, in Warsaw', async () => {
    const { rows } = await admin().query<{ a: string; b: string; c: string }>(
      `select private.retention_end('2026-05-01 12:00+02')::text as a,
              private.retention_end('2026-12-31 23:30+01')::text as b,
              private.retention_end('2026-12-31 23:30:00+00')::text as c`,
    );
    // 23:30 UTC on 31.12.2026 is already 2027 in Warsaw.
    expect(rows[0]).toEqual({ a: '2031-12-31', b: '2031-12-31', c: '2032-12-31' });
  });
});

describe('the stored files’ removal queue', () => {
  it('is for the remove-stored-files function only; a failure waits for the backoff, then is tried again', async () => {
    const { rows } = await admin().query<{ id: string }>(
      "insert into private.storage_removals (bucket_id, name) values ('avatars', $1) returning id",
      [`${randomUUID()}/x.png`],
    );
    const id = rows[0]!.id;
    const member = await createMember();
    for (const actor of [member, 'anon'] as const) {
      expect(await sqlState(queryAs(actor, 'select * from public.claim_storage_removals(10)'))).toBe('42501');
      expect(await sqlState(queryAs(actor, 'select public.complete_storage_removal($1)', [id]))).toBe('42501');
    }
    const first = await queryAs<{ id: string; attempts: number }>(
      'service_role',
      'select * from public.claim_storage_removals(100)',
    );
    expect(first.find((row) => row.id === id)).toMatchObject({ attempts: 1 });
    // Claimed rows are leased: a second run does not take them.
    expect(
      (await queryAs<{ id: string }>('service_role', 'select * from public.claim_storage_removals(100)')).some(
        (row) => row.id === id,
      ),
    ).toBe(false);
    await queryAs('service_role', "select public.fail_storage_removal($1, 'Storage answered 503')", [id]);
    const { rows: failed } = await admin().query<{ wait: boolean; last_error: string }>(
      "select next_attempt_at between now() + interval '50 seconds' and now() + interval '70 seconds' as wait, last_error from private.storage_removals where id = $1",
      [id],
    );
    expect(failed[0]).toEqual({ wait: true, last_error: 'Storage answered 503' });
    await admin().query('update private.storage_removals set next_attempt_at = now() where id = $1', [id]);
    const again = await queryAs<{ id: string; attempts: number }>(
      'service_role',
      'select * from public.claim_storage_removals(100)',
    );
    expect(again.find((row) => row.id === id)).toMatchObject({ attempts: 2 });
    expect(await queryAs('service_role', 'select public.complete_storage_removal($1) as done', [id])).toEqual([
      { done: true },
    ]);
    expect((await admin().query('select 1 from private.storage_removals where id = $1', [id])).rows).toEqual([]);
  });
});

describe('health check privacy.requests', () => {
  /** The check in a transaction rolled back: other files' open requests are closed in it first. */
  async function checkWith(dueIn: string | null): Promise<{ status: string; value: string }> {
    const client = await admin().connect();
    try {
      await client.query('begin');
      await client.query(
        "update public.privacy_requests set status = 'completed', completed_at = now() where status = 'open'",
      );
      if (dueIn !== null) {
        await client.query(
          `insert into public.privacy_requests (kind, channel, requester_email, received_at, due_at)
           values ('export', 'email', 'ktos@example.test', now() - interval '40 days', now() + $1::interval)`,
          [dueIn],
        );
      }
      await client.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify(claimsOf(adminUser))],
      );
      const { rows } = await client.query<{ status: string; value: string }>(
        "select status, value::text from public.admin_system_health() where check_key = 'privacy.requests'",
      );
      return rows[0]!;
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it('is OK without open requests, a warning a week before the deadline, a problem after it', async () => {
    expect(await checkWith(null)).toEqual({ status: 'ok', value: '0' });
    expect(await checkWith('20 days')).toEqual({ status: 'ok', value: '0' });
    expect(await checkWith('3 days')).toEqual({ status: 'warning', value: '1' });
    expect(await checkWith('-1 day')).toEqual({ status: 'problem', value: '1' });
  });
});
