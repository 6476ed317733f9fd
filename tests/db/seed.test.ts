// supabase/seed.sql applies to the migrated schema and gives the documented local accounts and data.
// It runs inside a transaction that is rolled back, so the shared test database is left as it was.
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../helpers/db.ts';

describe('seed.sql', () => {
  let client: pg.PoolClient;
  const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T;

  beforeAll(async () => {
    client = await admin().connect();
    await client.query('begin');
    // The seed targets a freshly migrated project; rows other test files left (a default SMTP
    // config, payment links, referrers who would outrank the seeded ones) would collide, so they
    // are set aside inside this transaction (the rollback restores everything).
    await client.query(
      'update public.smtp_configs set is_default = false where is_default; delete from public.plan_payment_links; delete from public.ccc_payment_links; update private.referrer_stats set referral_count = 0, total_earnings = 0',
    );
    await client.query(await readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8'));
  });

  afterAll(async () => {
    await client.query('rollback');
    client.release();
  });

  it.each([
    ['admin@klub.local', 'Admin1234', 'VIP', true],
    ['anna@klub.local', 'Member1234', 'PREMIUM', false],
    ['jan@klub.local', 'Member1234', 'FREE', false],
  ])('creates %s with its documented password, level and role', async (email, password, level, isAdmin) => {
    const row = await one<{
      password_ok: boolean;
      level: string;
      admin: boolean;
      confirmed: boolean;
      identities: number;
    }>(
      `select u.encrypted_password = extensions.crypt($2, u.encrypted_password) as password_ok, p.membership_level as level,
              coalesce((u.raw_app_meta_data ->> 'admin')::boolean, false) as admin, p.email_confirmed as confirmed,
              (select count(*)::int from auth.identities i where i.user_id = u.id) as identities
         from auth.users u join public.profiles p on p.user_id = u.id where u.email = $1`,
      [email, password],
    );
    expect(row).toEqual({ password_ok: true, level, admin: isAdmin, confirmed: true, identities: 1 });
  });

  it('records Jan as referred by Anna through her code', async () => {
    const row = await one<{ referrer: string; registrations: number }>(
      `select ra.email as referrer, c.registrations_count as registrations
         from public.referral_relationships r
         join auth.users ra on ra.id = r.referrer_id
         join auth.users rd on rd.id = r.referred_id
         join public.referral_codes c on c.id = r.code_id
        where rd.email = 'jan@klub.local'`,
    );
    // Jan and Ewa (the member dashboard's block) signed up with ANNA2026.
    expect(row).toEqual({ referrer: 'anna@klub.local', registrations: 2 });
  });

  it('funds wallets through the ledger only', async () => {
    const anna = await one<{ available_balance: string }>(
      "select b.available_balance from public.wallet_balances b join auth.users u on u.id = b.user_id where u.email = 'anna@klub.local'",
    );
    expect(anna.available_balance).toBe('1250.00');
    expect((await client.query('select * from private.wallet_ledger_mismatches()')).rows).toEqual([]);
  });

  it('sends the templates (from the migrations) through the default SMTP config of the mail catcher', async () => {
    const rows = (
      await client.query<{ name: string; port: number }>(
        `select t.name, s.port from private.auth_hook_email_templates() h
           join public.email_templates t on t.name = h.template
           join public.smtp_configs s on s.id = coalesce(t.smtp_config_id, (select id from public.smtp_configs where is_default))
          order by t.name`,
      )
    ).rows;
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.port === 54325)).toBe(true);
  });

  it('has an example payment link for every plan and CCC tier by each of the three methods', async () => {
    const counts = await one<{ plans: number; ccc: number; bad: number }>(
      `select (select count(*)::int from public.plan_payment_links) as plans,
              (select count(*)::int from public.ccc_payment_links) as ccc,
              (select count(*)::int from public.plan_payment_links where url not like 'https://%') as bad`,
    );
    expect(counts).toEqual({ plans: 3 * 3, ccc: 6 * 3, bad: 0 });
  });

  it('gives the app content to show: apps, ideas with votes and comments, posts, an active announcement, revenue', async () => {
    const row = await one<Record<string, number>>(
      `select (select count(*)::int from public.apps) as apps,
              (select count(*)::int from public.app_ideas where votes_count > 0) as voted_ideas,
              (select count(*)::int from public.app_ideas where comments_count > 0) as commented_ideas,
              (select count(*)::int from public.posts) as posts,
              (select count(*)::int from public.announcements where active) as active_announcements,
              (select count(*)::int from public.ecommerce_revenue) as revenue_rows`,
    );
    expect(row.apps).toBeGreaterThanOrEqual(4);
    expect(row.voted_ideas).toBeGreaterThanOrEqual(3);
    expect(row.commented_ideas).toBeGreaterThanOrEqual(2);
    expect(row.posts).toBeGreaterThanOrEqual(2);
    expect(row.active_announcements).toBeGreaterThanOrEqual(1);
    expect(row.revenue_rows).toBeGreaterThanOrEqual(3);
  });

  it("fills Anna's member dashboard: notifications of every kind, a partner page with a conversion, three partners", async () => {
    const anna = await one<Record<string, number>>(
      `select (select count(*)::int from public.notifications n where n.user_id = u.id and n.read_at is null) as unread,
              (select count(*)::int from public.notifications n where n.user_id = u.id and n.type = 'profit'
                  and n.data ? 'percentage' and n.data ? 'tier') as profit_with_share,
              (select count(*)::int from public.notifications n where n.user_id = u.id and n.data ->> 'currency' = 'USDT') as usdt,
              (select c.conversions_count from public.referral_codes c where c.code = 'ANNA2026') as conversions,
              (select count(*)::int from public.referral_relationships r where r.referrer_id = u.id) as referred
         from auth.users u where u.email = 'anna@klub.local'`,
    );
    expect(anna).toMatchObject({ conversions: 1, referred: 2, usdt: 1 });
    expect(anna.unread).toBeGreaterThanOrEqual(2);
    expect(anna.profit_with_share).toBeGreaterThanOrEqual(2);
    const ranking = (
      await client.query<{ full_name: string }>('select full_name from public.get_referral_rankings(10) order by 1')
    ).rows;
    expect(ranking.map((r) => r.full_name)).toEqual(
      expect.arrayContaining(['Administrator Klubu', 'Anna Nowak', 'Jan Kowalski']),
    );
  });
});
