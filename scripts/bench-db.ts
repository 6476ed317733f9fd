// `npm run bench:db`: seeds a realistic volume into a fresh temporary database (100 000 members,
// 20 000 ideas, 500 000 votes, 200 000 notifications, 50 000 withdrawals and what the reads need
// around them), then times the main reads as a member calls them through PostgREST: one transaction
// on an `authenticator` connection with the role and JWT claims set, the query, commit.
// Prints p50/p95/p99/max per read against the target p95 ≤ 20 ms. It is a benchmark, not a test:
// it exits non-zero on errors only, never on a missed target.
//
// Options: --iterations=300 (timed calls per read), --warmup=50, --concurrency=1 (parallel
// callers sharing the pool), --scale=1 (multiplies the volumes; 0.1 for a quick try), --keep (leave
// the seeded database running and print its URL, e.g. to EXPLAIN ANALYZE a slow read; Ctrl-C stops it),
// --only=payment,admin users (time only the reads whose name contains one of these words, any case;
// the seeding stays whole; the payout run is timed only when 'payout' is among them),
// --url=postgres://… (no seeding: time against a database a --keep run seeded and left up, e.g. the
// same reads before and after a migration applied to it by hand, under the same load).
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDatabase } from '@klub/local-supabase';

const TARGET_P95_MS = 20;
const POOL_SIZE = 4;

interface Options {
  iterations: number;
  warmup: number;
  concurrency: number;
  scale: number;
  keep: boolean;
  /** Lower-case parts of read names to time; empty = every read. */
  only: string[];
  /** A seeded database (a --keep run's) to time against instead of seeding a fresh one. */
  url: string | undefined;
}

interface Volumes {
  members: number;
  referrers: number;
  ideas: number;
  votes: number;
  comments: number;
  notifications: number;
  withdrawals: number;
  withdrawers: number;
  profitCredits: number;
  apps: number;
  revenueRows: number;
  posts: number;
  postReactions: number;
  postComments: number;
  announcements: number;
  auditRows: number;
  outboxRows: number;
  paymentOrders: number;
}

interface SeedStep {
  label: string;
  sql: string;
  params?: unknown[];
}

interface Member {
  id: string;
  email: string;
  full_name: string | null;
  phone: string | null;
}

type Sample = 'members' | 'notificationOwners' | 'withdrawalOwners' | 'referrers';

interface Read {
  name: string;
  /** Where PostgREST would route it: an RPC (POST /rpc/…) or a table read (GET /table). */
  path: string;
  method: 'GET' | 'POST';
  sql: string;
  params: (member: Member) => unknown[];
  /** Which members call it: any member, or members weighted by how many rows of their own they have. */
  sample: Sample;
  /** Called by an admin (app_metadata.admin in the JWT); `params` still gets a sampled member to look for. */
  admin?: boolean;
  /** Its own p95 target when it is not a page read (default TARGET_P95_MS). */
  targetP95Ms?: number;
}

interface Timing {
  ms: number;
  rows: number;
}

interface Result {
  name: string;
  target: number;
  calls: number;
  rowsPerCall: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

// -----------------------------------------------------------------------------------------------
// Options and volumes
// -----------------------------------------------------------------------------------------------
function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      iterations: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '50' },
      concurrency: { type: 'string', default: '1' },
      scale: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      url: { type: 'string' },
    },
  });
  const positive = (name: string, text: string, integer = true): number => {
    const value = Number(text);
    if (!(value > 0) || (integer && !Number.isInteger(value))) {
      throw new Error(`--${name} must be a positive ${integer ? 'integer' : 'number'}, got "${text}"`);
    }
    return value;
  };
  return {
    iterations: positive('iterations', values.iterations),
    warmup: positive('warmup', values.warmup),
    concurrency: positive('concurrency', values.concurrency),
    scale: positive('scale', values.scale, false),
    keep: values.keep,
    only: values.only
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part.length > 0),
    url: values.url,
  };
}

/** Whether --only lets a read (or the payout run) be timed. */
const selected = (options: Options, name: string) =>
  options.only.length === 0 || options.only.some((part) => name.toLowerCase().includes(part));

/** The request id the seed gives half of a member's audit rows, their failed e-mails and gateway registrations. */
const benchRequestId = (userId: string) => createHash('md5').update(`${userId}0`).digest('hex');

function volumesAt(scale: number): Volumes {
  const scaled = (count: number) => Math.max(1, Math.round(count * scale));
  return {
    members: scaled(100_000),
    referrers: scaled(5_000),
    ideas: scaled(20_000),
    votes: scaled(500_000),
    comments: scaled(60_000),
    notifications: scaled(200_000),
    withdrawals: scaled(50_000),
    withdrawers: scaled(15_000),
    profitCredits: scaled(30_000),
    auditRows: scaled(1_000_000),
    outboxRows: scaled(200_000),
    apps: 50,
    revenueRows: 1_000,
    posts: scaled(5_000),
    postReactions: scaled(150_000),
    postComments: scaled(40_000),
    announcements: 200,
    paymentOrders: scaled(500_000),
  };
}

// -----------------------------------------------------------------------------------------------
// Seed: set-based SQL as the superuser. Triggers run as in production (sign-up creates profile,
// settings, wallet and referral rows; vote and comment statement triggers keep the counters).
// Skews (random() ^ k) give some members, ideas and referrers much more than others.
// -----------------------------------------------------------------------------------------------
const insertUsersSql = `
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'member' || s.g || '@bench.test', 'x', case when s.confirmed then s.at end,
         '{"provider": "email", "providers": ["email"]}',
         jsonb_build_object('full_name', 'Członek Klubu ' || s.g, 'phone', '+48' || (500000000 + s.g))
           || case when s.referrer is null then '{}'::jsonb
                   else jsonb_build_object('referral_code', 'REF' || s.referrer) end,
         s.at, s.at, false
    from (
      select g,
             random() < 0.9 as confirmed,
             now() - random() * interval '730 days' as at,
             -- 40 % of later members signed up with a referrer's code; a few referrers bring most.
             case when g > $3::int and random() < 0.4 then 1 + floor($3::int * random() ^ 3)::int end as referrer
        from generate_series($1::int, $2::int) g
    ) s`;

function seedSteps(v: Volumes): SeedStep[] {
  return [
    {
      label: `referrers (${v.referrers} auth users → profiles, settings, wallets)`,
      sql: insertUsersSql,
      params: [1, v.referrers, v.referrers],
    },
    {
      label: 'one referral code per referrer',
      sql: `insert into public.referral_codes (code, user_id, created_at, visits_count)
            select 'REF' || substring(u.email from '^member([0-9]+)@'), u.id, u.created_at, floor(random() * 500)::int
              from auth.users u`,
    },
    {
      label: `members (${v.members - v.referrers} more, 40 % with a referral code)`,
      sql: insertUsersSql,
      params: [v.referrers + 1, v.members, v.referrers],
    },
    {
      label: 'numbering members for the generators',
      sql: `create temporary table bench_members as
              select row_number() over (order by p.user_id)::int as n, p.user_id from public.profiles p;
            alter table bench_members add primary key (n)`,
    },
    {
      label: 'paid levels for 15 % of confirmed members (referral conversions, commissions)',
      sql: `update public.profiles p
               set membership_level = l.level
              from (select x.user_id,
                           case when x.r < 0.01 then 'VIP' when x.r < 0.05 then 'PREMIUM' else 'START' end::public.membership_level as level
                      from (select q.user_id, random() as r from public.profiles q where q.email_confirmed) x
                     where x.r < 0.15) l
             where p.user_id = l.user_id`,
    },
    {
      label: `ideas (${v.ideas})`,
      sql: `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy,
                                          submitted_by, submitted_at, status, created_at, updated_at)
            select 'Pomysł ' || s.g || ': ' || (array['asystent zakupów', 'planer treningów', 'gra logiczna',
                                                      'nauka języków', 'budżet domowy'])[1 + s.g % 5],
                   'Aplikacja, która ' || repeat('pomaga członkom klubu oszczędzać czas i pieniądze. ', 1 + s.g % 6),
                   (enum_range(null::public.app_category))[1 + s.g % 5],
                   'Osoby w wieku 18-35 lat', 'Subskrypcja miesięczna i reklamy',
                   m.user_id, s.at,
                   case when s.r < 0.6 then 'approved' when s.r < 0.85 then 'pending' else 'rejected' end::public.idea_status,
                   s.at, s.at
              from (select g, random() as r, now() - random() * interval '730 days' as at,
                           1 + floor($2::int * random())::int as author
                      from generate_series(1, $1::int) g) s
              join bench_members m on m.n = s.author`,
      params: [v.ideas, v.members],
    },
    {
      label: 'numbering ideas for the generators',
      sql: `create temporary table bench_ideas as
              select row_number() over (order by i.id)::int as n, i.id from public.app_ideas i;
            alter table bench_ideas add primary key (n)`,
    },
    {
      label: `votes (${v.votes}, one statement: the statement trigger recounts every idea once)`,
      sql: `insert into public.idea_votes (idea_id, user_id, score, created_at)
            select i.id, m.user_id, s.score, now() - random() * interval '365 days'
              from (select r.idea, r.voter, min(r.score)::smallint as score
                      from (select 1 + floor($2::int * random() ^ 1.6)::int as idea,
                                   1 + floor($3::int * random())::int as voter,
                                   1 + floor(5 * random())::int as score
                              from generate_series(1, ($1::int * 1.02)::int)) r
                     group by r.idea, r.voter
                     limit $1::int) s
              join bench_ideas i on i.n = s.idea
              join bench_members m on m.n = s.voter`,
      params: [v.votes, v.ideas, v.members],
    },
    {
      label: `idea comments (${v.comments})`,
      sql: `insert into public.idea_comments (idea_id, user_id, content, created_at)
            select i.id, m.user_id, 'Świetny pomysł, chętnie bym z tego korzystał(a). #' || s.g, s.at
              from (select g, 1 + floor($2::int * random() ^ 1.6)::int as idea, 1 + floor($3::int * random())::int as author,
                           now() - random() * interval '365 days' as at
                      from generate_series(1, $1::int) g) s
              join bench_ideas i on i.n = s.idea
              join bench_members m on m.n = s.author`,
      params: [v.comments, v.ideas, v.members],
    },
    {
      label: `notifications (${v.notifications}, 70 % read)`,
      sql: `insert into public.notifications (user_id, type, title, content, data, created_at, read_at)
            select m.user_id, s.type,
                   case s.type when 'profit' then 'Nowe środki w portfelu'
                               when 'message' then 'Wiadomość od administratora'
                               else 'Przydzielono pakiet CCC' end,
                   'Treść powiadomienia nr ' || s.g,
                   case when s.type = 'profit' then jsonb_build_object('amount', s.amount) else '{}'::jsonb end,
                   s.at, case when s.read then s.at + interval '1 hour' end
              from (select g, (enum_range(null::public.notification_type))[1 + floor(3 * random())::int] as type,
                           round((1 + random() * 499)::numeric, 2) as amount, random() < 0.7 as read,
                           now() - random() * interval '365 days' as at, 1 + floor($2::int * random() ^ 2)::int as member
                      from generate_series(1, $1::int) g) s
              join bench_members m on m.n = s.member`,
      params: [v.notifications, v.members],
    },
    {
      label: `withdrawals (${v.withdrawals} by ${v.withdrawers} members: 85 % completed, 10 % failed, 5 % pending)`,
      sql: `insert into public.withdrawals (user_id, amount, network, address, status, tx_hash, failure_reason,
                                            created_at, updated_at, processed_at)
            select m.user_id, t.amount, t.network, t.address, t.status,
                   case when t.status = 'completed' then '0x' || md5(t.g::text) || md5('tx' || t.g) end,
                   case when t.status = 'failed' then 'Nieprawidłowy adres portfela' end,
                   t.at, coalesce(t.processed_at, t.at), t.processed_at
              from (select s.*, case when s.status <> 'pending' then s.at + interval '1 day' end as processed_at
                      from (select x.g, x.member, x.amount, x.network, x.address, x.status,
                                   case when x.status = 'pending' then now() - random() * interval '3 days'
                                        else now() - interval '3 days' - random() * interval '365 days' end as at
                              from (select g, 1 + floor($2::int * random() ^ 1.5)::int as member,
                                           round((10 + random() * 1990)::numeric, 2) as amount,
                                           case when random() < 0.5 then 'ERC20' else 'BSC' end::public.withdrawal_network as network,
                                           '0x' || md5(g::text) || left(md5('address' || g), 8) as address,
                                           case when r < 0.85 then 'completed' when r < 0.95 then 'failed'
                                                else 'pending' end::public.withdrawal_status as status
                                      from (select g, random() as r from generate_series(1, $1::int) g) y) x) s) t
              join bench_members m on m.n = t.member`,
      params: [v.withdrawals, v.withdrawers],
    },
    {
      label: "the completed withdrawals' payouts as verified on chain (chain_transfers: block and block time)",
      sql: `insert into public.chain_transfers (network, tx_hash, log_index, from_address, to_address, amount_units,
                                                amount, block_number, block_time, verified_at, withdrawal_id)
            select w.network, w.tx_hash, 0, '0x52908400098527886e0f7030069857d2e4169ee7', w.address,
                   w.amount * power(10::numeric, private.usdt_decimals(w.network)), w.amount,
                   40000000 + row_number() over (order by w.processed_at), w.processed_at, w.processed_at, w.id
              from public.withdrawals w
             where w.status = 'completed' and w.tx_hash is not null
               and not exists (select 1 from public.chain_transfers t where t.withdrawal_id = w.id)`,
    },
    {
      label: 'wallet ledger behind the withdrawals (credit, hold, payout / release) and profit credits',
      sql: `insert into public.wallet_transactions (user_id, kind, available_delta, pending_delta, withdrawal_id, note, created_at)
            select w.user_id, 'credit'::public.wallet_transaction_kind, w.amount + round((random() * 200)::numeric, 2), 0,
                   null::uuid, 'Wpłata', w.created_at - interval '2 days'
              from public.withdrawals w
            union all
            select w.user_id, 'withdrawal_hold', -w.amount, w.amount, w.id, null, w.created_at
              from public.withdrawals w
            union all
            select w.user_id,
                   case w.status when 'completed' then 'withdrawal_payout' else 'withdrawal_release' end::public.wallet_transaction_kind,
                   case w.status when 'completed' then 0 else w.amount end, -w.amount, w.id, w.failure_reason, w.processed_at
              from public.withdrawals w
             where w.status <> 'pending'
            union all
            select m.user_id, 'credit', round((5 + random() * 495)::numeric, 2), 0, null, 'Udział w zyskach', s.at
              from (select 1 + floor($2::int * random())::int as n, now() - random() * interval '365 days' as at
                      from generate_series(1, $1::int)) s
              join bench_members m on m.n = s.n`,
      params: [v.profitCredits, v.members],
    },
    {
      label: 'wallet balances = ledger sums',
      sql: `update public.wallet_balances b
               set available_balance = l.available, pending_balance = l.pending
              from (select t.user_id, sum(t.available_delta) as available, sum(t.pending_delta) as pending
                      from public.wallet_transactions t
                     group by t.user_id) l
             where b.user_id = l.user_id`,
    },
    {
      label: `apps (${v.apps})`,
      sql: `insert into public.apps (name, description, category, downloads, revenue, active_users, rating, current_value,
                                     projected_value, growth_rate, minimum_investment, available_shares, price_per_share,
                                     release_date, created_at)
            select 'Aplikacja ' || g, 'Opis aplikacji ' || g, (enum_range(null::public.app_category))[1 + g % 5],
                   floor(random() * 1e6)::bigint, round((random() * 1e6)::numeric, 2), floor(random() * 1e5)::bigint,
                   round((1 + random() * 4)::numeric, 1), round((random() * 5e6)::numeric, 2),
                   round((random() * 2e7)::numeric, 2), round((random() * 100 - 20)::numeric, 1),
                   round((100 + random() * 900)::numeric, 2), floor(random() * 10000)::bigint,
                   round((1 + random() * 99)::numeric, 2), current_date - (random() * 1000)::int,
                   now() - random() * interval '730 days'
              from generate_series(1, $1::int) g`,
      params: [v.apps],
    },
    {
      label: `e-commerce revenue (${v.revenueRows} daily rows)`,
      sql: `insert into public.ecommerce_revenue (amount, created_at)
            select round((10000 + random() * 90000)::numeric, 2), now() - g * interval '1 day'
              from generate_series(0, $1::int - 1) g`,
      params: [v.revenueRows],
    },
    {
      label: `community posts (${v.posts})`,
      sql: `insert into public.posts (author_id, title, content, created_at, updated_at)
            select m.user_id, 'Wpis ' || s.g, repeat('Treść wpisu o wynikach aplikacji i pomysłach. ', 1 + s.g % 8), s.at, s.at
              from (select g, now() - random() * interval '730 days' as at, 1 + floor($2::int * random())::int as author
                      from generate_series(1, $1::int) g) s
              join bench_members m on m.n = s.author`,
      params: [v.posts, v.members],
    },
    {
      label: 'numbering posts for the generators',
      sql: `create temporary table bench_posts as
              select row_number() over (order by p.created_at desc, p.id desc)::int as n, p.id from public.posts p;
            alter table bench_posts add primary key (n)`,
    },
    {
      label: `post reactions (${v.postReactions}, newer posts get more)`,
      sql: `insert into public.post_reactions (post_id, user_id, type, created_at)
            select p.id, m.user_id, s.type, now() - random() * interval '365 days'
              from (select distinct on (r.post, r.member, r.type) r.post, r.member, r.type
                      from (select 1 + floor($2::int * random() ^ 3)::int as post, 1 + floor($3::int * random())::int as member,
                                   (enum_range(null::public.reaction_type))[1 + floor(4 * random())::int] as type
                              from generate_series(1, $1::int)) r) s
              join bench_posts p on p.n = s.post
              join bench_members m on m.n = s.member`,
      params: [v.postReactions, v.posts, v.members],
    },
    {
      label: `post comments (${v.postComments}, newer posts get more)`,
      sql: `insert into public.post_comments (post_id, user_id, content, created_at)
            select p.id, m.user_id, 'Komentarz nr ' || s.g, now() - random() * interval '365 days'
              from (select g, 1 + floor($2::int * random() ^ 3)::int as post, 1 + floor($3::int * random())::int as member
                      from generate_series(1, $1::int) g) s
              join bench_posts p on p.n = s.post
              join bench_members m on m.n = s.member`,
      params: [v.postComments, v.posts, v.members],
    },
    {
      label: `announcements (${v.announcements}, 10 % active)`,
      sql: `insert into public.announcements (content, active, created_at)
            select 'Ogłoszenie ' || g || ' — [szczegóły](/dashboard/ccc)', g % 10 = 0, now() - g * interval '1 day'
              from generate_series(1, $1::int) g`,
      params: [v.announcements],
    },
    {
      label: 'membership end dates for paid members (20 % already ended)',
      sql: `update public.profiles p
               set membership_valid_until = current_date + (floor(random() * 450)::int - 90)
             where p.membership_level <> 'FREE'`,
    },
    {
      label: 'membership history: three earlier yearly periods per paid member (several periods each)',
      sql: `insert into public.membership_periods (user_id, level, first_day, last_day, source)
            select m.user_id, m.level, m.first_day - 365 * k, m.first_day - 365 * (k - 1) - 1, 'backfill'
              from public.membership_periods m, generate_series(1, 3) k
             where m.last_day >= m.first_day and m.shortened_at is null`,
    },
    {
      // Former members: every member without a period now held 2-3 yearly periods that ended
      // between a month and 3 years ago, so each of the 100 000 members has several periods and the
      // effective-level reads meet members whose level ran out (the case the cache must answer).
      label: 'membership history: 2-3 ended yearly periods for every other member (several periods each)',
      sql: `insert into public.membership_periods (user_id, level, first_day, last_day, source)
            select p.user_id, (array['START', 'PREMIUM', 'VIP'])[1 + (k + abs(hashtext(p.user_id::text))) % 3]::public.membership_level,
                   e.last_day - 365 * k - 364, e.last_day - 365 * k, 'backfill'
              from public.profiles p
             cross join lateral (select current_date - 30 - (abs(hashtext(p.id::text)) % 1000) as last_day) e
             cross join lateral generate_series(0, 1 + abs(hashtext(p.user_id::text)) % 2) k
             where not exists (select 1 from public.membership_periods m where m.user_id = p.user_id)`,
    },
    {
      label: 'level cache of those members rewritten from their periods (as private.sync_membership_cache does)',
      sql: `select set_config('private.membership_sync', 'on', false);
            update public.profiles p
               set membership_level = c.membership_level, membership_valid_until = c.membership_valid_until
              from public.profiles q
             cross join lateral private.membership_cache_of(q.user_id) c
             where q.id = p.id
               and (p.membership_level, p.membership_valid_until) is distinct from (c.membership_level, c.membership_valid_until);
            select set_config('private.membership_sync', '', false);`,
    },
    {
      label: `payment orders (${v.paymentOrders}: 85 % paid, 8 % rejected, 5 % cancelled, the rest pending)`,
      // References KLB- + g in base 32 (unique); an open order that repeats a member's item and
      // method is skipped by the partial unique index (on conflict do nothing).
      sql: `insert into public.payment_orders (reference, user_id, kind, plan_tier, ccc_tier, quantity, method, amount,
                                              currency, status, created_at, updated_at, decided_at, amount_received,
                                              rejection_reason, expires_at, decided_via, cancel_reason)
            select 'KLB-' || (select string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', ((s.g >> (5 * k)) & 31) + 1, 1), '' order by k desc)
                                from generate_series(0, 5) k),
                   m.user_id,
                   case when s.plan then 'plan' else 'ccc' end::public.payment_item_kind,
                   case when s.plan then (array['START', 'PREMIUM', 'VIP'])[1 + floor(random() * 3)::int]::public.membership_level end,
                   case when not s.plan then (array['PLATINUM', 'DIAMOND', 'GOLD', 'SILVER', 'BRONZE', 'START'])[1 + floor(random() * 6)::int]::public.ccc_tier end,
                   1,
                   (array['transfer', 'usdt', 'acc'])[1 + floor(random() * 3)::int]::public.payment_method,
                   round((200 + random() * 10000)::numeric, 2),
                   case when random() < 0.5 then 'PLN' else 'USDT' end,
                   s.status::public.payment_order_status,
                   s.at, s.at,
                   case when s.status <> 'pending' then s.at + interval '1 day' end,
                   case when s.status = 'paid' then round((200 + random() * 10000)::numeric, 2) end,
                   case when s.status = 'rejected' then 'Nie otrzymaliśmy przelewu' end,
                   s.at + interval '7 days',
                   case when s.status in ('paid', 'rejected') then 'admin'::public.payment_decider end,
                   case when s.status = 'cancelled' then 'member' end
              from (select g,
                           random() < 0.7 as plan,
                           1 + floor($2::int * random() ^ 2)::int as member,
                           now() - random() * interval '730 days' as at,
                           case when g % 100 < 85 then 'paid' when g % 100 < 93 then 'rejected'
                                when g % 100 < 98 then 'cancelled' else 'pending' end as status
                      from generate_series(1, $1::int) g) s
              join bench_members m on m.n = s.member
            on conflict do nothing`,
      params: [v.paymentOrders, v.members],
    },
    {
      label: 'CCC assignments (70 % of each tier active, plus expired ones)',
      sql: `insert into public.ccc_assignments (user_id, package_tier, ccc_amount, profit_share, duration_months,
                                                start_date, end_date, created_at)
            select m.user_id, t.tier, t.ccc_amount, t.profit_share, t.duration_months,
                   s.start_date, s.start_date + make_interval(days => t.duration_months * 30), s.start_date
              from public.ccc_tiers t
             cross join lateral (
                   select case when slot <= floor(t.total_slots * 0.7)
                               then now() - random() * make_interval(days => t.duration_months * 30 - 1)
                               else now() - make_interval(days => t.duration_months * 30) - random() * interval '365 days'
                          end as start_date,
                          1 + floor($1::int * random())::int as member
                     from generate_series(1, t.total_slots * 2) slot) s
              join bench_members m on m.n = s.member`,
      params: [v.members],
    },
    {
      // Seeded as rows already written: the chain's linking trigger (one link per row at commit,
      // ~1 ms a row here) is off while they are inserted, so the seed does not spend many minutes
      // linking synthetic rows. The bench never verifies the chain.
      label: 'admin audit trail: linking off for the seed',
      sql: 'alter table public.admin_audit_log disable trigger admin_audit_log_link',
    },
    {
      label: `admin audit trail (${v.auditRows} rows by 5 admins over 2 years, 12 actions, most about a member, each with a request id)`,
      sql: `insert into public.admin_audit_log (created_at, actor_id, action, target_type, target_id,
                                                target_user_id, before, after, request_id)
            select now() - (g::float / $1::int) * interval '730 days',
                   a.id, x.action, split_part(x.action, '.', 1), m.user_id::text,
                   case when x.action like 'apps.%' or x.action like 'site_settings.%' then null else m.user_id end,
                   jsonb_build_object('membership_level', 'FREE'), jsonb_build_object('membership_level', 'VIP'),
                   md5(m.user_id::text || (g % 2)::text)
              from generate_series(1, $1::int) g
              join lateral (select (array['profiles.update', 'wallet.credit', 'wallet.debit', 'withdrawal.complete',
                                          'withdrawal.fail', 'ccc_assignments.insert', 'ccc_assignments.delete',
                                          'user.confirm_email', 'apps.update', 'site_settings.update',
                                          'email_templates.update', 'payout.run'])[1 + ((g::bigint * 7919) % 12)::int] as action) x on true
              join lateral (select ('00000000-0000-4000-8000-00000000000' || (g % 5))::uuid as id) a on true
              join bench_members m on m.n = 1 + ((g::bigint * 104729) % $2::int)::int`,
      params: [v.auditRows, v.members],
    },
    {
      label: "admin audit trail: the admins' e-mails beside the rows; linking on again",
      sql: `alter table public.admin_audit_log enable trigger admin_audit_log_link;
            insert into public.admin_audit_personal (audit_id, subject, user_id, email)
            select l.id, 'actor', l.actor_id, 'admin' || right(l.actor_id::text, 1) || '@klub.bench'
              from public.admin_audit_log l where l.actor_id is not null`,
    },
    {
      label: `e-mail outbox (${v.outboxRows} rows over 90 days: 98 % sent, 1 % failed for good, 1 % queued)`,
      sql: `insert into private.email_outbox (template, user_id, to_email, variables, created_at, sent_at, attempts,
                                          last_error, next_attempt_at, request_id)
            select 'payment-confirmed', m.user_id, 'member' || m.n || '@klub.bench', '{}'::jsonb, t.at,
                   case when g % 100 < 98 then t.at + interval '5 seconds' end,
                   case when g % 100 = 98 then 5 when g % 100 < 98 then 1 else 0 end,
                   case when g % 100 = 98 then 'SMTP: Invalid login' end,
                   t.at, md5(m.user_id::text || (g % 2)::text)
              from generate_series(1, $1::int) g
              join lateral (select now() - (g::float / $1::int) * interval '90 days' as at) t on true
              join bench_members m on m.n = 1 + ((g::bigint * 7919) % $2::int)::int`,
      params: [v.outboxRows, v.members],
    },
    {
      // What the Przelewy24 functions record: a registration and the gateway's notification per
      // transfer order, with a few rejected notifications and unreachable verifies among them.
      label:
        'Przelewy24 events of the transfer orders (registration + notification; 1 % refused, 0.5 % verify unreachable)',
      sql: `insert into public.payment_events (order_id, session_id, kind, outcome, signature_valid, http_status,
                                               request_id, created_at)
            select o.id, o.reference || '-1', 'register', 'requested', null::boolean, null::integer,
                   md5(o.user_id::text || '0'), o.created_at
              from public.payment_orders o where o.method = 'transfer'
            union all
            select o.id, o.reference || '-1', 'notification',
                   case when h.r < 0.01 then 'bad_signature' else 'accepted' end, h.r >= 0.01, 200,
                   md5(o.id::text), o.created_at + interval '2 minutes'
              from public.payment_orders o
              cross join lateral (select random() as r) h
             where o.method = 'transfer' and o.status <> 'pending'
            union all
            select o.id, o.reference || '-1', 'verify', 'unreachable', null, null,
                   md5(o.id::text), o.created_at + interval '2 minutes'
              from public.payment_orders o
             where o.method = 'transfer' and o.status <> 'pending' and get_byte(decode(md5(o.id::text), 'hex'), 0) < 2`,
    },
    {
      label: "referral commissions (30 % of the referrals: 85 % 'Do wypłaty', 15 % cancelled by a refund)",
      // Bytes of the referred member's id hash pick who (77/256 ≈ 30 %), the plan and the refunded.
      sql: `insert into public.referral_commissions (referrer_id, referred_id, level, amount_pln, created_at,
                                                     cancelled_at, cancel_reason)
            select r.referrer_id, r.referred_id, m.tier, round(m.yearly_price_pln * 0.1, 2), r.created_at + interval '3 days',
                   case when h.refunded then r.created_at + interval '10 days' end,
                   case when h.refunded then 'Zwrot płatności (bench)' end
              from public.referral_relationships r
             cross join lateral (
               select get_byte(decode(md5(r.referred_id::text), 'hex'), 0) < 77 as picked,
                      (array['START', 'PREMIUM', 'VIP'])[1 + get_byte(decode(md5(r.referred_id::text), 'hex'), 1) % 3]::public.membership_level as tier,
                      get_byte(decode(md5(r.referred_id::text), 'hex'), 2) < 38 as refunded
             ) h
              join public.membership_plans m on m.tier = h.tier
             where r.referred_id is not null and h.picked
            on conflict (referred_id) do nothing`,
    },
    {
      label: 'five admins (app_metadata.admin), four of them with a verified second factor',
      sql: `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"admin": true}'
             where email in ('member1@bench.test', 'member2@bench.test', 'member3@bench.test', 'member4@bench.test',
                             'member5@bench.test');
            insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
            select gen_random_uuid(), u.id, 'totp', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP'
              from auth.users u
             where u.email in ('member1@bench.test', 'member2@bench.test', 'member3@bench.test', 'member4@bench.test')`,
    },
  ];
}

async function seed(client: pg.Client, volumes: Volumes): Promise<number> {
  const started = performance.now();
  for (const step of seedSteps(volumes)) {
    const stepStarted = performance.now();
    await client.query(step.sql, step.params);
    console.log(`  ${seconds(performance.now() - stepStarted).padStart(7)}  ${step.label}`);
  }
  const vacuumStarted = performance.now();
  await client.query('vacuum analyze');
  console.log(`  ${seconds(performance.now() - vacuumStarted).padStart(7)}  vacuum analyze`);
  return performance.now() - started;
}

/**
 * Row counts of what was seeded, the ledger invariant (balances = ledger sums = pending withdrawals)
 * and the money-in buckets against the orders.
 */
async function checkSeed(client: pg.Client): Promise<void> {
  const { rows } = await client.query<Record<string, string>>(`
    select (select count(*) from public.profiles) as members,
           (select count(*) from public.referral_relationships) as referrals,
           (select count(*) from public.referral_commissions) as commissions,
           (select count(*) from public.app_ideas) as ideas,
           (select count(*) from public.idea_votes) as votes,
           (select count(*) from public.idea_comments) as comments,
           (select count(*) from public.notifications) as notifications,
           (select count(*) from public.withdrawals) as withdrawals,
           (select count(*) from public.wallet_transactions) as ledger_rows,
           (select count(*) from public.apps) as apps,
           (select count(*) from public.ecommerce_revenue) as revenue_rows,
           (select count(*) from public.ccc_assignments) as ccc_assignments,
           (select count(*) from private.wallet_ledger_mismatches()) as ledger_mismatches,
           (select count(*) from private.finance_mismatches()) as finance_mismatches`);
  const counts = rows[0] ?? {};
  console.log(
    `  ${Object.entries(counts)
      .map(([name, count]) => `${name} ${Number(count).toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  if (Number(counts.ledger_mismatches) !== 0) throw new Error('Seeded wallets disagree with their ledger.');
  // The money-in buckets of 'Finanse' were kept by the statement triggers through the bulk inserts.
  if (Number(counts.finance_mismatches) !== 0) throw new Error("'Finanse' money-in buckets disagree with the orders.");
}

// -----------------------------------------------------------------------------------------------
// Members and their JWT claims
// -----------------------------------------------------------------------------------------------
const sampleSql: Record<Sample, string> = {
  members: `select p.user_id as id, p.email, p.full_name, p.phone
              from public.profiles p where p.email_confirmed order by random() limit $1`,
  // One random row each: members with many notifications / withdrawals are picked more often.
  notificationOwners: `select p.user_id as id, p.email, p.full_name, p.phone
                         from (select n.user_id from public.notifications n order by random() limit $1) o
                         join public.profiles p on p.user_id = o.user_id`,
  withdrawalOwners: `select p.user_id as id, p.email, p.full_name, p.phone
                       from (select w.user_id from public.withdrawals w order by random() limit $1) o
                       join public.profiles p on p.user_id = o.user_id`,
  // One random referral each: referrers with large structures are picked more often.
  referrers: `select p.user_id as id, p.email, p.full_name, p.phone
                from (select r.referrer_id as user_id from public.referral_relationships r order by random() limit $1) o
                join public.profiles p on p.user_id = o.user_id`,
};

async function loadSamples(client: pg.Client, size: number): Promise<Record<Sample, Member[]>> {
  const load = async (sample: Sample) => (await client.query<Member>(sampleSql[sample], [size])).rows;
  return {
    members: await load('members'),
    notificationOwners: await load('notificationOwners'),
    withdrawalOwners: await load('withdrawalOwners'),
    referrers: await load('referrers'),
  };
}

/** The claims GoTrue puts in a member's access token (as tests/helpers/db.ts builds them). */
function claimsOf(member: Member, admin = false): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: member.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: member.email,
    phone: '',
    // An admin's rights need the second factor (private.is_admin(): aal2), as in the app.
    aal: admin ? 'aal2' : 'aal1',
    amr: admin
      ? [
          { method: 'totp', timestamp: now },
          { method: 'password', timestamp: now },
        ]
      : [{ method: 'password', timestamp: now }],
    session_id: randomUUID(),
    is_anonymous: false,
    app_metadata: { provider: 'email', providers: ['email'], ...(admin ? { admin: true } : {}) },
    user_metadata: { full_name: member.full_name, phone: member.phone },
    iat: now,
    exp: now + 3600,
  };
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from: the sample is empty.');
  return item;
}

// -----------------------------------------------------------------------------------------------
// Reads, timed as PostgREST runs them
// -----------------------------------------------------------------------------------------------
const DEEP_PAGE = 50;

/** Words of the seeded ideas' titles (each in ~20 % of them) and the categories, for the board's reads. */
const IDEA_TERMS = ['asystent zakupów', 'planer treningów', 'gra logiczna', 'nauka języków', 'budżet domowy'];
const IDEA_CATEGORIES = ['games', 'productivity', 'lifestyle', 'education', 'business'];

/** A stable small number from a member's id, to spread the reads' parameters over members. */
function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0;
  return value;
}

const reads: Read[] = [
  {
    name: "member's payment orders (Moje płatności)",
    path: '/rpc/get_my_payment_orders',
    method: 'POST',
    sql: 'select * from public.get_my_payment_orders(50, 0)',
    params: () => [],
    sample: 'members',
  },
  {
    name: "USDT payment page: the member's order by id",
    path: '/payment_orders',
    method: 'GET',
    sql: `select o.id, o.reference, o.status, o.network, o.amount, o.amount_received, o.shortfall, o.expires_at
            from public.payment_orders o
           where o.id = (select x.id from public.payment_orders x where x.user_id = $1 order by x.created_at desc limit 1)`,
    params: (m) => [m.id],
    sample: 'members',
  },
  {
    name: 'USDT payment page: the hashes the member pasted for the order',
    path: '/usdt_payment_checks',
    method: 'GET',
    sql: `select c.id, c.tx_hash, c.status, c.outcome, c.confirmations, c.required, c.created_at
            from public.usdt_payment_checks c
           where c.order_id = (select x.id from public.payment_orders x where x.user_id = $1 order by x.created_at desc limit 1)
           order by c.created_at desc limit 5`,
    params: (m) => [m.id],
    sample: 'members',
  },
  {
    name: "member's own CCC packages (Twoje pakiety)",
    path: '/rpc/get_user_ccc_packages',
    method: 'POST',
    sql: 'select * from public.get_user_ccc_packages(null)',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'own profile with the effective level (header badge)',
    path: '/profiles',
    method: 'GET',
    sql: `select p.id, p.membership_level, p.membership_valid_until, public.effective_membership_level(p)
            from public.profiles p where p.user_id = $1`,
    params: (m) => [m.id],
    sample: 'members',
  },
  {
    name: 'dashboard stats',
    path: '/rpc/get_dashboard_stats',
    method: 'POST',
    sql: 'select public.get_dashboard_stats()',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'ideas board by score, page 1',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas(null, null, 'score', 20, 0)",
    params: () => [],
    sample: 'members',
  },
  {
    name: `ideas board by score, page ${DEEP_PAGE}`,
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: `select * from public.get_app_ideas(null, null, 'score', 20, ${(DEEP_PAGE - 1) * 20})`,
    params: () => [],
    sample: 'members',
  },
  // The ideas board's search and category reads (product.md#dashboard-2 Ideas), as the page calls them:
  // 20 per page, the total counted for paging. Terms from rare to in-every-idea (the count's worst case).
  {
    name: 'ideas board: search, rare term (1 match)',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas($1, null, 'date', 20, 0)",
    params: (member) => [`pomysł ${1 + (hash(member.id) % 20_000)}:`],
    sample: 'members',
  },
  {
    name: 'ideas board: search, common term (~20 %)',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas($1, null, 'date', 20, 0)",
    params: (member) => [IDEA_TERMS[hash(member.id) % IDEA_TERMS.length]],
    sample: 'members',
  },
  {
    name: 'ideas board: search, term in every idea, by score',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas('klubu', null, 'score', 20, 0)",
    params: () => [],
    sample: 'members',
  },
  {
    name: 'ideas board: search, no match',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas('xyzzy nie ma', null, 'date', 20, 0)",
    params: () => [],
    sample: 'members',
  },
  {
    name: 'ideas board: category, by date, page 1',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas(null, $1::public.app_category, 'date', 20, 0)",
    params: (member) => [IDEA_CATEGORIES[hash(member.id) % IDEA_CATEGORIES.length]],
    sample: 'members',
  },
  {
    name: 'ideas board: category, by votes, page 10',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas(null, $1::public.app_category, 'votes', 20, 180)",
    params: (member) => [IDEA_CATEGORIES[hash(member.id) % IDEA_CATEGORIES.length]],
    sample: 'members',
  },
  {
    name: 'ideas board: search + category, by comments',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas($1, $2::public.app_category, 'comments', 20, 0)",
    params: (member) => [
      IDEA_TERMS[hash(member.id) % IDEA_TERMS.length],
      IDEA_CATEGORIES[(hash(member.id) >> 3) % IDEA_CATEGORIES.length],
    ],
    sample: 'members',
  },
  {
    name: 'ideas board: last page by date',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas(null, null, 'date', 20, (select greatest(count(*) - 20, 0)::int from public.app_ideas))",
    params: () => [],
    sample: 'members',
  },
  {
    name: 'ideas moderation: pending, by date',
    path: '/rpc/get_app_ideas',
    method: 'POST',
    sql: "select * from public.get_app_ideas(null, null, 'date', 20, 0, 'pending')",
    params: () => [],
    sample: 'members',
  },
  {
    name: 'ideas sidebar (counts, top categories)',
    path: '/rpc/get_idea_stats',
    method: 'POST',
    sql: 'select * from public.get_idea_stats()',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'idea comments (most commented idea)',
    path: '/rpc/get_idea_comments',
    method: 'POST',
    sql: 'select * from public.get_idea_comments((select id from public.app_ideas order by comments_count desc limit 1))',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'own notifications, latest 10',
    path: '/notifications',
    method: 'GET',
    sql: 'select * from public.notifications where user_id = $1 order by created_at desc limit 10',
    params: (member) => [member.id],
    sample: 'notificationOwners',
  },
  {
    name: 'own withdrawals (wallet history, newest 100)',
    path: '/withdrawals',
    method: 'GET',
    // As PostgREST embeds `chain_transfers(block_number, block_time)` (the verified payout's block).
    sql: `select w.id, w.amount, w.network, w.address, w.status, w.tx_hash, w.created_at, w.claimed_at, w.hold_until,
                 coalesce(t.transfers, '[]'::json) as chain_transfers
            from public.withdrawals w
            left join lateral (
              select json_agg(json_build_object('block_number', c.block_number, 'block_time', c.block_time)) as transfers
                from public.chain_transfers c where c.withdrawal_id = w.id
            ) t on true
           where w.user_id = $1 order by w.created_at desc, w.id desc limit 100`,
    params: (member) => [member.id],
    sample: 'withdrawalOwners',
  },
  {
    name: 'own wallet balance (with its open debts)',
    path: '/wallet_balances',
    method: 'GET',
    // As PostgREST embeds wallet_debts (amount, repaid) with settled_at is null.
    sql: `select b.available_balance, b.pending_balance, b.total_balance,
                 coalesce((select json_agg(json_build_object('amount', d.amount, 'repaid', d.repaid))
                             from public.wallet_debts d where d.user_id = b.user_id and d.settled_at is null), '[]') as wallet_debts
            from public.wallet_balances b where b.user_id = $1`,
    params: (member) => [member.id],
    sample: 'withdrawalOwners',
  },
  {
    name: 'CCC tiers with free slots and ACC prices',
    path: '/rpc/get_ccc_availability',
    method: 'POST',
    sql: 'select * from public.get_ccc_availability()',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'CCC settings (contract, supply)',
    path: '/ccc_settings',
    method: 'GET',
    sql: 'select contract_address, total_supply, explorer_token_url from public.ccc_settings',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'CCC payment links',
    path: '/ccc_payment_links',
    method: 'GET',
    sql: 'select tier, method, url from public.ccc_payment_links',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'membership plans',
    path: '/membership_plans',
    method: 'GET',
    sql: 'select * from public.membership_plans order by yearly_price_pln',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'plan payment links',
    path: '/plan_payment_links',
    method: 'GET',
    sql: 'select tier, method, url from public.plan_payment_links',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'referral rankings, top 10',
    path: '/rpc/get_referral_rankings',
    method: 'POST',
    sql: 'select * from public.get_referral_rankings(10)',
    params: () => [],
    sample: 'members',
  },
  // The member dashboard (issue 10): the shell's reads on every page, the panel, the sections.
  {
    name: 'own profile with settings (header)',
    path: '/profiles',
    method: 'GET',
    sql: `select p.id, p.user_id, p.full_name, p.email, p.phone, p.email_confirmed, p.membership_level, p.created_at,
                 p.updated_at, (select to_jsonb(s) from (select s.display_name, s.avatar_url, s.two_factor_enabled, s.theme,
                 s.notification_preferences, s.updated_at from public.user_settings s where s.user_id = p.user_id) s) as user_settings
            from public.profiles p where p.user_id = $1`,
    params: (member) => [member.id],
    sample: 'members',
  },
  {
    name: 'unread notifications count (bell)',
    path: '/notifications',
    method: 'GET',
    sql: 'select count(*) from public.notifications where user_id = $1 and read_at is null',
    params: (member) => [member.id],
    sample: 'notificationOwners',
  },
  {
    name: 'own notifications, latest 50 (panel)',
    path: '/notifications',
    method: 'GET',
    sql: `select id, type, title, content, data, created_at, read_at from public.notifications
           where user_id = $1 order by created_at desc, id desc limit 50`,
    params: (member) => [member.id],
    sample: 'notificationOwners',
  },
  {
    name: 'active announcements, limit 10 (banner)',
    path: '/announcements',
    method: 'GET',
    sql: 'select id, content, created_at from public.announcements where active order by created_at desc limit 10',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'site settings (head, title)',
    path: '/site_settings',
    method: 'GET',
    sql: 'select * from public.site_settings limit 1',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'apps catalogue',
    path: '/apps',
    method: 'GET',
    sql: `select id, name, description, category, image_url, image_width, image_height, website_url, app_store_url,
                 google_play_url, downloads, revenue, active_users, rating, growth_rate, created_at
            from public.apps order by created_at desc, id desc`,
    params: () => [],
    sample: 'members',
  },
  {
    name: 'membership plans (pools)',
    path: '/membership_plans',
    method: 'GET',
    sql: 'select * from public.membership_plans order by yearly_price_pln',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'community posts, page 1',
    path: '/rpc/get_posts',
    method: 'POST',
    sql: 'select * from public.get_posts(20, 0)',
    params: () => [],
    sample: 'members',
  },
  {
    name: 'comments of a recent post, latest 20',
    path: '/rpc/get_post_comments',
    method: 'POST',
    sql: `select * from public.get_post_comments(
            (select id from public.posts order by created_at desc, id desc offset floor(random() * 20)::int limit 1), 20, 0)`,
    params: () => [],
    sample: 'members',
  },
  {
    name: 'partner page overview',
    path: '/rpc/get_my_referral_overview',
    method: 'POST',
    sql: 'select public.get_my_referral_overview(100)',
    params: () => [],
    sample: 'referrers',
  },
  // Money operations (issue 20): the ledger history pages of the eWallet and the admin's 'Portfel'.
  {
    // The statement PostgREST 12 sends for `select=…,withdrawal:withdrawals(…)` with `count=exact`
    // (src/data/wallet/get-ledger-page.ts): the page with its to-one embed, and the count over the
    // filtered table alone (PostgREST leaves left-joined embeds out of the count). An earlier version
    // counted with `count(*) over ()` on the joined rows, which joins and sorts every entry of the member.
    name: 'own wallet ledger (Historia operacji), page 1 with count',
    path: '/wallet_transactions',
    method: 'GET',
    sql: `with pgrst_source as (
            select t.id, t.kind, t.available_delta, t.pending_delta, t.available_after, t.pending_after, t.note,
                   t.created_at, row_to_json(w.*) as withdrawal
              from public.wallet_transactions t
              left join lateral (select w.network, w.tx_hash, w.status
                                   from public.withdrawals w where w.id = t.withdrawal_id) w on true
             where t.user_id = $1
             order by t.created_at desc, t.id desc limit 20 offset 0
          ),
          pgrst_source_count as (select 1 from public.wallet_transactions t where t.user_id = $1)
          select (select count(*) from pgrst_source_count) as total_result_set, count(s) as page_total,
                 coalesce(json_agg(s), '[]') as body
            from pgrst_source s`,
    params: (member) => [member.id],
    sample: 'withdrawalOwners',
  },
  {
    name: 'own wallet ledger, page 3',
    path: '/wallet_transactions',
    method: 'GET',
    sql: `select t.id, t.kind, t.available_delta, t.available_after, t.note, t.created_at, w.tx_hash
            from public.wallet_transactions t
            left join public.withdrawals w on w.id = t.withdrawal_id
           where t.user_id = $1
           order by t.created_at desc, t.id desc limit 20 offset 40`,
    params: (member) => [member.id],
    sample: 'withdrawalOwners',
  },
  // The admin area (issue 13): the users tab's search, filters, sorts and pages; the moderation and
  // payout lists. Searches look for the sampled member by a part of their phone, e-mail or name.
  ...adminReads(),
];

function adminUsersRead(name: string, args: (member: Member) => unknown[]): Read {
  return {
    name: `admin users: ${name}`,
    path: '/rpc/admin_list_users',
    method: 'POST',
    sql: 'select * from public.admin_list_users($1, $2, $3, $4, $5, $6, $7)',
    params: args,
    sample: 'members',
    admin: true,
  };
}

function adminReads(): Read[] {
  const page = (n: number) => (n - 1) * 20;
  return [
    adminUsersRead('newest first, page 1', () => [null, null, null, 'created', false, 20, 0]),
    adminUsersRead(`newest first, page ${DEEP_PAGE}`, () => [null, null, null, 'created', false, 20, page(DEEP_PAGE)]),
    adminUsersRead('by name A–Z, page 1', () => [null, null, null, 'name', true, 20, 0]),
    adminUsersRead('by e-mail Z–A, page 1', () => [null, null, null, 'email', false, 20, 0]),
    adminUsersRead('search: part of the phone (6 digits)', (m) => [
      m.phone?.slice(-6),
      null,
      null,
      'created',
      false,
      20,
      0,
    ]),
    adminUsersRead('search: part of the e-mail', (m) => [m.email.split('@')[0], null, null, 'created', false, 20, 0]),
    // A whole address is looked up in the e-mail's b-tree (admin_list_users, 20261122000500_accounts.sql).
    adminUsersRead('search: a whole e-mail address', (m) => [m.email, null, null, 'created', false, 20, 0]),
    adminUsersRead('search: part of the name', (m) => [
      m.full_name?.split(' ').slice(1).join(' '),
      null,
      null,
      'name',
      true,
      20,
      0,
    ]),
    adminUsersRead('search matching ~11 % of members', () => ['Klubu 1', null, null, 'created', false, 20, 0]),
    adminUsersRead('filter: e-mail not confirmed', () => [null, false, null, 'created', false, 20, 0]),
    adminUsersRead('filter: confirmed VIP, by name', () => [null, true, 'VIP', 'name', true, 20, 0]),
    // The level filter is the effective level (admin_list_users, 20261122000500_accounts.sql).
    adminUsersRead('filter: effective FREE (lapsed paid members too), page 1', () => [
      null,
      null,
      'FREE',
      'created',
      false,
      20,
      0,
    ]),
    adminUsersRead('filter: effective START (term running), page 1', () => [
      null,
      null,
      'START',
      'created',
      false,
      20,
      0,
    ]),
    adminUsersRead('filter: PREMIUM, search + sort by e-mail', () => [
      'member1',
      null,
      'PREMIUM',
      'email',
      true,
      20,
      0,
    ]),
    {
      // Every check of 'Stan systemu' at once (issue 40): its own target, 50 ms.
      name: 'admin system health (every check)',
      path: '/rpc/admin_system_health',
      method: 'POST',
      sql: 'select * from public.admin_system_health()',
      params: () => [],
      sample: 'members',
      admin: true,
      targetP95Ms: 50,
    },
    {
      name: 'admin failed e-mails',
      path: '/rpc/admin_list_failed_emails',
      method: 'POST',
      sql: 'select * from public.admin_list_failed_emails()',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      // The admin area's banner, on every admin screen (issue 40): the outbox's own checks.
      name: 'admin outbox banner',
      path: '/rpc/admin_outbox_alert',
      method: 'POST',
      sql: 'select * from public.admin_outbox_alert()',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      // 'Znajdź zdarzenie': the audit rows, e-mails and gateway events of one request id (the seed
      // gives a member's rows the id benchRequestId(member)).
      name: 'admin find request (audit, e-mails, gateway events)',
      path: '/rpc/admin_find_request',
      method: 'POST',
      sql: 'select * from public.admin_find_request($1)',
      params: (member) => [benchRequestId(member.id)],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin ideas moderation, pending first, page 1',
      path: '/rpc/admin_list_ideas',
      method: 'POST',
      sql: 'select * from public.admin_list_ideas(null, 20, 0)',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin ideas moderation, pending only, page 1',
      path: '/rpc/admin_list_ideas',
      method: 'POST',
      sql: "select * from public.admin_list_ideas('pending', 20, 0)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payouts, pending queue, page 1',
      path: '/rpc/admin_list_withdrawals',
      method: 'POST',
      sql: "select * from public.admin_list_withdrawals('pending', 20, 0)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payouts, completed, page 1',
      path: '/rpc/admin_list_withdrawals',
      method: 'POST',
      sql: "select * from public.admin_list_withdrawals('completed', 20, 0)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    ...auditReads(),
    {
      name: 'admin profit payout preview (every paid member of the latest revenue entry)',
      path: '/rpc/admin_preview_payout',
      method: 'POST',
      sql: `select * from public.admin_preview_payout(
              (select id from public.ecommerce_revenue order by created_at desc, id desc limit 1), 0.25)`,
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: "admin finance ('Finanse': liabilities, money in and payouts by month, one call)",
      path: '/rpc/admin_finance_overview',
      method: 'POST',
      sql: 'select public.admin_finance_overview(24)',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: "admin finance, commissions owed per referrer, page 1 ('Finanse')",
      path: '/rpc/admin_list_unpaid_commissions',
      method: 'POST',
      sql: 'select * from public.admin_list_unpaid_commissions(20, 0)',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: "admin finance, settlement preview of every referrer's commissions ('Finanse')",
      path: '/rpc/admin_preview_commission_settlement',
      method: 'POST',
      sql: 'select public.admin_preview_commission_settlement(0.25)',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, pending, page 1',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: "select * from public.admin_list_payment_orders('pending', null, null, 20, 0)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: "admin 'Nierozpoznane wpłaty' (open USDT transfers)",
      path: '/rpc/admin_list_unrecognised_transfers',
      method: 'POST',
      sql: "select * from public.admin_list_unrecognised_transfers('open', 50)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: "USDT networks (the payment dialogs' choice, 'Sieci USDT')",
      path: '/usdt_networks',
      method: 'GET',
      sql: 'select network, enabled, receiving_address, min_withdrawal, withdrawal_fee, updated_at from public.usdt_networks order by network',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, all, page 1',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: 'select * from public.admin_list_payment_orders(null, null, null, 20, 0)',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, paid by USDT, page 10',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: "select * from public.admin_list_payment_orders('paid', 'usdt', null, 20, 180)",
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, search by reference',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: 'select * from public.admin_list_payment_orders(null, null, $1, 20, 0)',
      params: (m) => [`KLB-${'23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[hash(m.id) % 32]}22222`],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, search by e-mail',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: 'select * from public.admin_list_payment_orders(null, null, $1, 20, 0)',
      params: (m) => [m.email],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin payments, pending, search by part of the name',
      path: '/rpc/admin_list_payment_orders',
      method: 'POST',
      sql: "select * from public.admin_list_payment_orders('pending', null, $1, 20, 0)",
      params: (m) => [m.full_name?.split(' ').slice(1).join(' ')],
      sample: 'members',
      admin: true,
    },
  ];
}

/** 'Dziennik zmian' at a million rows: the tab's filters, 26 rows a page (one more than shown). */
function auditReads(): Read[] {
  const columns =
    'id, created_at, actor_id, actor_email, action, target_type, target_id, target_user_id, before, after';
  // The seed's admins: admin<n>@klub.bench has the id ending in n.
  const adminId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  const read = (name: string, where: string, params: (member: Member) => unknown[], offset = 0): Read => ({
    name: `admin audit trail: ${name}`,
    path: '/admin_audit_entries',
    method: 'GET',
    sql: `select ${columns} from public.admin_audit_entries ${where}
           order by created_at desc, id desc limit 26 offset ${offset}`,
    params,
    sample: 'members',
    admin: true,
  });
  return [
    {
      name: 'admin audit trail: the admins of the filter (admin_list_audit_actors)',
      path: '/rpc/admin_list_audit_actors',
      method: 'POST',
      sql: 'select * from public.admin_list_audit_actors()',
      params: () => [],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin audit trail: the member filter finds a member by e-mail (admin_list_users, 8)',
      path: '/rpc/admin_list_users',
      method: 'POST',
      sql: "select * from public.admin_list_users($1, null, null, 'name', true, 8, 0)",
      params: (member) => [member.email.slice(0, 10)],
      sample: 'members',
      admin: true,
    },
    {
      name: 'admin audit trail: the member filter finds members by surname (admin_list_users, 8)',
      path: '/rpc/admin_list_users',
      method: 'POST',
      sql: "select * from public.admin_list_users($1, null, null, 'name', true, 8, 0)",
      params: (member) => [member.full_name?.split(' ').slice(1).join(' ') ?? 'Nowak'],
      sample: 'members',
      admin: true,
    },
    read('no filter, page 1', '', () => []),
    read('no filter, page 40', '', () => [], 1_000),
    read('by admin', 'where actor_id = $1', () => [adminId(3)]),
    read('by action prefix (wallet.)', "where action like 'wallet.%'", () => []),
    read('by rare action (payout.run)', "where action like 'payout.run%'", () => []),
    read('by member', 'where target_user_id = $1', (member) => [member.id]),
    read(
      'by date range (one month, a year ago)',
      "where created_at >= now() - interval '395 days' and created_at < now() - interval '365 days'",
      () => [],
    ),
    read(
      'by member + action prefix + date range (a year)',
      "where target_user_id = $1 and action like 'wallet.%' and created_at >= now() - interval '365 days' and created_at < now()",
      (member) => [member.id],
    ),
    read('by member + admin', 'where target_user_id = $1 and actor_id = $2', (member) => [member.id, adminId(2)]),
    read(
      'by action + date range (one month, a year ago)',
      "where action like 'profiles.%' and created_at >= now() - interval '395 days' and created_at < now() - interval '365 days'",
      () => [],
    ),
    read(
      'by admin + action + date range',
      "where actor_id = $1 and action like 'withdrawal.%' and created_at >= now() - interval '400 days' and created_at < now() - interval '300 days'",
      () => [adminId(1)],
    ),
  ];
}

const setContextSql = `select set_config('role', 'authenticated', true),
                              set_config('request.jwt.claims', $1, true),
                              set_config('request.method', $2, true),
                              set_config('request.path', $3, true)`;

async function timedCall(pool: pg.Pool, read: Read, member: Member): Promise<Timing> {
  const client = await pool.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(setContextSql, [JSON.stringify(claimsOf(member, read.admin)), read.method, read.path]);
    const result = await client.query(read.sql, read.params(member));
    await client.query('commit');
    return { ms: performance.now() - started, rows: result.rowCount ?? 0 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function runCalls(
  pool: pg.Pool,
  read: Read,
  members: Member[],
  count: number,
  concurrency: number,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  let started = 0;
  const caller = async () => {
    while (started < count) {
      started += 1;
      timings.push(await timedCall(pool, read, pick(members)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return timings;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(name: string, timings: Timing[], target = TARGET_P95_MS): Result {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  return {
    name,
    target,
    calls: timings.length,
    rowsPerCall: timings.reduce((sum, t) => sum + t.rows, 0) / timings.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

async function measure(pool: pg.Pool, read: Read, members: Member[], options: Options): Promise<Result> {
  await runCalls(pool, read, members, options.warmup, options.concurrency);
  return summarise(
    read.name,
    await runCalls(pool, read, members, options.iterations, options.concurrency),
    read.targetP95Ms,
  );
}

// -----------------------------------------------------------------------------------------------
// Output
// -----------------------------------------------------------------------------------------------
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

function printTable(results: Result[]): void {
  const header = ['read', 'calls', 'rows', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'target', 'met'];
  const lines = results.map((r) => [
    r.name,
    String(r.calls),
    r.rowsPerCall.toFixed(1),
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.p99.toFixed(2),
    r.max.toFixed(2),
    `≤ ${r.target} ms`,
    r.p95 <= r.target ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

/**
 * An admin's request context for the payout run and its reversal, with the functions' own
 * statement_timeout (60 s) as PostgREST 12.2+ hoists it into the transaction instead of the API
 * role's 8 s (the local stack's PostgREST 12.0 does not hoist it yet).
 */
const ADMIN_CONTEXT = `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                              set_config('statement_timeout', '60s', true)`;

/** The day of the benchmark's payout entry: far off, so only the periods made for it cover it. */
const PAYOUT_DAY = '2099-06-01';

/**
 * One real payout run as an admin (issue 35): every one of the 100 000 members gets a paid level on
 * PAYOUT_DAY (a period of that year), the entry of that day is previewed and run with the preview's
 * figures, every member credited through the ledger and notified in one transaction. Meanwhile the
 * member reads are called one after another (one caller, the pool) until the run commits, and their
 * p50/p95 are printed beside the idle figures. Printed, not held to a target (the run's is 60 s).
 */
async function timePayoutRun(
  superuser: pg.Client,
  pool: pg.Pool,
  admin: Member,
  samples: Record<Sample, Member[]>,
  idle: Result[],
): Promise<void> {
  // Idle figures of the member reads the table above did not time (--only), 50 calls each.
  const memberReads = reads.filter((read) => !read.admin);
  const idleFigures = [...idle];
  for (const read of memberReads) {
    if (idleFigures.some((r) => r.name === read.name)) continue;
    await runCalls(pool, read, samples[read.sample], 10, 1);
    idleFigures.push(summarise(read.name, await runCalls(pool, read, samples[read.sample], 50, 1), read.targetP95Ms));
  }
  console.log(`\nPayout run: a paid level on ${PAYOUT_DAY} for every member, then the run`);
  const seeded = performance.now();
  await superuser.query(
    `insert into public.membership_periods (user_id, level, first_day, last_day, source)
     select p.user_id, (array['START', 'PREMIUM', 'VIP'])[1 + abs(hashtext(p.user_id::text)) % 3]::public.membership_level,
            date_trunc('year', $1::date)::date, (date_trunc('year', $1::date) + interval '1 year - 1 day')::date, 'backfill'
       from public.profiles p`,
    [PAYOUT_DAY],
  );
  const { rows: entry } = await superuser.query<{ id: string }>(
    `insert into public.ecommerce_revenue (amount, created_at)
     values (2500000, ($1::date + time '12:00') at time zone 'Europe/Warsaw') returning id`,
    [PAYOUT_DAY],
  );
  await superuser.query('analyze public.membership_periods');
  console.log(`  periods and entry written in ${seconds(performance.now() - seeded)}`);
  const revenueId = entry[0]!.id;
  const claims = JSON.stringify(claimsOf(admin, true));

  const client = await pool.connect();
  let done = false;
  const during = new Map<string, Timing[]>();
  try {
    await client.query('begin');
    await client.query(ADMIN_CONTEXT, [claims]);
    const previewStarted = performance.now();
    const { rows: preview } = await client.query<{
      run_members: number;
      run_total_pln: string;
      run_total_usdt: string;
      previous_rate: string | null;
      rate_far: boolean;
    }>('select * from public.admin_preview_payout($1, 0.25)', [revenueId]);
    const previewMs = performance.now() - previewStarted;
    const first = preview[0]!;
    const started = performance.now();
    const running = client
      .query<{ members_count: number; total_usdt: string }>(
        'select members_count, total_usdt from public.admin_run_payout($1, 0.25, $2, $3, $4, $5)',
        [
          revenueId,
          first.run_members,
          first.run_total_pln,
          first.run_total_usdt,
          first.rate_far ? first.previous_rate : null,
        ],
      )
      .then(async (result) => {
        await client.query('commit');
        return result;
      })
      .finally(() => {
        done = true;
      });
    // The member reads while the run holds its transaction open.
    while (!done) {
      for (const read of memberReads) {
        if (done) break;
        const timings = during.get(read.name) ?? [];
        timings.push(...(await runCalls(pool, read, samples[read.sample], 1, 1)));
        during.set(read.name, timings);
      }
    }
    const run = await running;
    const ms = performance.now() - started;
    const { rows: mismatches } = await superuser.query<{ n: number }>(
      'select count(*)::int as n from private.wallet_ledger_mismatches()',
    );
    console.log(
      `  preview: ${first.run_members} members in ${previewMs.toFixed(1)} ms; ` +
        `run: ${run.rows[0]?.members_count} members credited, ${run.rows[0]?.total_usdt} USDT, ` +
        `in ${seconds(ms)} (${ms.toFixed(0)} ms, target ≤ 60 s: ${ms <= 60_000 ? 'met' : 'MISSED'}); ` +
        `ledger mismatches after it: ${mismatches[0]?.n}.`,
    );
    // The reversal of that run (each item through private.debit_or_record_debt).
    await client.query('begin');
    await client.query(ADMIN_CONTEXT, [claims]);
    const reverseStarted = performance.now();
    const { rows: runRow } = await client.query<{ id: string }>(
      'select id from public.payout_runs where revenue_id = $1 and reversed_at is null',
      [revenueId],
    );
    const reversed = await client.query<{ reversed_debited_usdt: string; reversed_debt_usdt: string }>(
      'select reversed_debited_usdt, reversed_debt_usdt from public.admin_reverse_payout($1, $2)',
      [runRow[0]!.id, 'Benchmark'],
    );
    await client.query('commit');
    const reverseMs = performance.now() - reverseStarted;
    const { rows: after } = await superuser.query<{ ledger: number; debts: number }>(
      'select (select count(*)::int from private.wallet_ledger_mismatches()) as ledger, (select count(*)::int from private.wallet_debt_mismatches()) as debts',
    );
    console.log(
      `  reversal: ${reversed.rows[0]?.reversed_debited_usdt} USDT debited, ${reversed.rows[0]?.reversed_debt_usdt} USDT as debts, ` +
        `in ${seconds(reverseMs)} (${reverseMs.toFixed(0)} ms); ledger / debt mismatches after it: ${after[0]?.ledger} / ${after[0]?.debts}.\n`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  // Member reads: idle (the table above, where timed) and while the run was in progress.
  const header = ['member read', 'idle p50', 'idle p95', 'run calls', 'run p50', 'run p95', 'run max'];
  const lines = [...during.entries()].map(([name, timings]) => {
    const busy = summarise(name, timings);
    const quiet = idleFigures.find((r) => r.name === name);
    return [
      name,
      quiet ? quiet.p50.toFixed(2) : '—',
      quiet ? quiet.p95.toFixed(2) : '—',
      String(busy.calls),
      busy.p50.toFixed(2),
      busy.p95.toFixed(2),
      busy.max.toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

// -----------------------------------------------------------------------------------------------
// Main
// -----------------------------------------------------------------------------------------------
async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const volumes = volumesAt(options.scale);
  if (process.env.DATABASE_URL) {
    console.log('DATABASE_URL is ignored: the benchmark always seeds a fresh temporary database.');
    delete process.env.DATABASE_URL;
  }

  const db = options.url ? { url: options.url, readyInMs: 0, stop: async () => undefined } : await startDatabase();
  const stopOnSignal = () => void db.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const superuser = new pg.Client({ connectionString: db.url });
  const authenticatorUrl = new URL(db.url);
  authenticatorUrl.username = 'authenticator';
  const pool = new pg.Pool({
    connectionString: authenticatorUrl.toString(),
    max: Math.max(POOL_SIZE, options.concurrency),
  });
  try {
    await superuser.connect();
    const { rows } = await superuser.query<{ version: string }>("select current_setting('server_version') as version");
    console.log(
      `PostgreSQL ${rows[0]?.version} (${options.url ? 'given by --url' : `fresh, migrated in ${seconds(db.readyInMs)}`}), ${os.cpus().length} CPUs, ` +
        `pool of ${Math.max(POOL_SIZE, options.concurrency)} authenticator connections, concurrency ${options.concurrency}\n`,
    );

    let seedMs = 0;
    if (options.url) {
      console.log('Seeding skipped: timing the database of --url as it is\n');
    } else {
      console.log('Seeding');
      seedMs = await seed(superuser, volumes);
      await checkSeed(superuser);
      console.log(`Seeding took ${seconds(seedMs)}\n`);
    }

    const samples = await loadSamples(superuser, 2_000);
    console.log(`Timing ${options.iterations} calls per read after ${options.warmup} warm-up calls, random members\n`);
    const results: Result[] = [];
    const chosen = reads.filter((read) => selected(options, read.name));
    if (chosen.length === 0) throw new Error(`--only=${options.only.join(',')} matches no read`);
    const loadBefore = loadAverage();
    for (const read of chosen) results.push(await measure(pool, read, samples[read.sample], options));
    printTable(results);
    // The machine may be shared: figures taken under different loads do not compare.
    console.log(`\nLoad average (1, 5, 15 min) when the timing began: ${loadBefore}; when it ended: ${loadAverage()}`);
    if (selected(options, 'payout run')) await timePayoutRun(superuser, pool, samples.members[0]!, samples, results);

    const missed = results.filter((r) => r.p95 > r.target);
    console.log(
      missed.length === 0
        ? `\nEvery read meets its p95 target (${TARGET_P95_MS} ms unless named). Seeding: ${seconds(seedMs)}.`
        : `\n${missed.length} read(s) miss their p95 target: ${missed.map((r) => `${r.name} (${r.target} ms)`).join(', ')}. Seeding: ${seconds(seedMs)}.`,
    );
    if (options.keep) {
      process.off('SIGINT', stopOnSignal);
      process.off('SIGTERM', stopOnSignal);
      console.log(`\nThe seeded database stays up until Ctrl-C:\n  DATABASE_URL=${db.url}`);
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
    }
  } finally {
    await pool.end().catch(() => undefined);
    await superuser.end().catch(() => undefined);
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
