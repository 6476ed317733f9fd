// The dashboard migration's counters stay equal to the tables
// through every path that changes them, also under concurrency, and the ideas board's page-first
// query returns exactly what the join-then-offset query returned.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  asActor,
  claimsOf,
  createAdmin,
  createMember,
  errorOf,
  queryAs,
  type Actor,
  type TestUser,
} from '../helpers/db.ts';
import { setMembershipLevel } from '../helpers/accounts-factories.ts';
import { createIdea, uniqueTag } from '../helpers/content-factories.ts';

type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;
type Counts = Record<string, number>;

const LEVELS = ['FREE', 'START', 'PREMIUM', 'VIP'] as const;
const STATUSES = ['pending', 'approved', 'rejected'] as const;
const CATEGORIES = ['games', 'productivity', 'lifestyle', 'education', 'business'] as const;

/** Runs `fn` as the superuser in one REPEATABLE READ snapshot (other test files write concurrently). */
async function inSnapshot<T>(fn: (query: Query, client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await admin().connect();
  try {
    await client.query('begin isolation level repeatable read');
    return await fn(async (sql, params) => (await client.query(sql, params)).rows, client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

// The paid terms the payout counts are checked by paid-member-terms.test.ts.
const countersSql = `select c.kind || ':' || c.key as name, c.value::int as value from private.dashboard_counters c
                      where c.kind <> 'paid_member_terms'`;
const truthSql = `select 'confirmed_members:' || l::text as name,
                         (select count(*) from public.profiles p where p.email_confirmed and p.membership_level = l)::int as value
                    from unnest(enum_range(null::public.membership_level)) l
                  union all
                  select 'ideas:' || s::text, (select count(*) from public.app_ideas i where i.status = s)::int
                    from unnest(enum_range(null::public.idea_status)) s
                  union all
                  select 'idea_categories:' || c::text, (select count(*) from public.app_ideas i where i.category = c)::int
                    from unnest(enum_range(null::public.app_category)) c`;

// What get_dashboard_stats answers for members: confirmed members by their effective level (the
// membership period covering today in Warsaw), while the counters above keep the cached levels.
const effectiveMembersSql = `select 'confirmed_members:' || l::text as name,
                                    (select count(*) from public.profiles p
                                      where p.email_confirmed
                                        and private.membership_level_on(p.user_id) = l)::int as value
                               from unnest(enum_range(null::public.membership_level)) l`;

const toCounts = (rows: { name: string; value: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.name, r.value]).sort(([a], [b]) => String(a).localeCompare(String(b))));

/** The counters and count(*) from the tables, both from one snapshot. */
async function countersAndTruth(): Promise<{ counters: Counts; truth: Counts; queued: number }> {
  return inSnapshot(async (query) => {
    const truth = toCounts(await query(truthSql));
    const counters: Counts = Object.fromEntries(Object.keys(truth).map((name) => [name, 0]));
    Object.assign(counters, toCounts(await query(countersSql)));
    const [{ queued }] = (await query('select count(*)::int as queued from private.dashboard_counter_changes')) as [
      { queued: number },
    ];
    return { counters, truth, queued };
  });
}

/** Counters equal the tables, and no committed transaction left changes behind unapplied. */
async function expectCountersTrue(): Promise<Counts> {
  const { counters, truth, queued } = await countersAndTruth();
  expect(counters).toEqual(truth);
  expect(queued).toBe(0);
  return truth;
}

/** Resolves for everyone once `count` callers have arrived. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === count) open();
    await opened;
  };
}

/**
 * Runs `count` tasks, each in its own transaction on its own connection (as `actorOf(i)`, or as the
 * superuser). They start only once every transaction is open and commit only once every task has
 * run, so the commits, where the counters are written, really overlap.
 */
async function overlapping<T>(
  count: number,
  task: (query: Query, i: number) => Promise<T>,
  actorOf?: (i: number) => Actor,
): Promise<PromiseSettledResult<T>[]> {
  const allOpen = barrier(count);
  const allRun = barrier(count);
  const run = async (query: Query, i: number) => {
    await query('select 1');
    await allOpen();
    const outcome = await task(query, i).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await allRun();
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };
  return Promise.allSettled(
    Array.from({ length: count }, async (_, i) => {
      if (actorOf) return asActor(actorOf(i), (query) => run(query, i));
      const client = await admin().connect();
      const query: Query = async (sql, params) => (await client.query(sql, params)).rows;
      try {
        await client.query('begin');
        const result = await run(query, i);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }),
  );
}

const failures = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : []));

/** The auth.users insert GoTrue runs at sign-up (the project's triggers create the profile). */
const signUpSql = `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                     raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
                   values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'x', $3,
                     '{"provider": "email", "providers": ["email"]}', '{"full_name": "Równoległy Członek", "phone": "+48500100200"}',
                     now(), now(), false)`;

const confirm = (userId: string) =>
  admin().query('update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1', [userId]);

describe('dashboard counters', () => {
  let adminUser: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it('are readable by no API role', async () => {
    for (const actor of ['anon', 'service_role'] as const) {
      expect((await errorOf(queryAs(actor, 'select * from private.dashboard_counters')))?.code).toBe('42501');
    }
    const member = await createMember();
    expect((await errorOf(queryAs(member, 'select * from private.dashboard_counters')))?.code).toBe('42501');
    expect((await errorOf(queryAs(member, 'select private.recount_dashboard_counters()')))?.code).toBe('42501');
  });

  it('follow sign-ups, confirmations, level changes and deletions of members', async () => {
    await expectCountersTrue();

    const confirmed = await createMember();
    const unconfirmed = await createMember({ confirmed: false });
    await expectCountersTrue();

    // Confirmation through auth.users (GoTrue's verify, activate_account, admin_confirm_email).
    await confirm(unconfirmed.id);
    await queryAs(adminUser, 'select public.admin_confirm_email($1)', [confirmed.id]);
    await expectCountersTrue();

    // Level changes of confirmed members, and of an unconfirmed one (not counted until confirmed).
    await setMembershipLevel(confirmed.id, 'VIP');
    await setMembershipLevel(confirmed.id, 'START');
    const later = await createMember({ confirmed: false });
    await setMembershipLevel(later.id, 'PREMIUM');
    await expectCountersTrue();
    await confirm(later.id);
    await expectCountersTrue();

    // Level and confirmation in one transaction (admin RPC: two statements) and in one row update.
    await queryAs(adminUser, 'select public.admin_update_user($1, null, null, $2, false)', [unconfirmed.id, 'PREMIUM']);
    await expectCountersTrue();
    await admin().query(
      "update public.profiles set email_confirmed = true, membership_level = 'VIP' where user_id = $1",
      [unconfirmed.id],
    );
    await expectCountersTrue();
    // An update that names the columns without changing them.
    await admin().query(
      'update public.profiles set email_confirmed = email_confirmed, membership_level = membership_level where user_id = $1',
      [unconfirmed.id],
    );
    await expectCountersTrue();

    // The end date alone: a date in the past ends the paid level (the membership cache's BEFORE
    // trigger turns the cached level to FREE, though the statement names only the date), and null
    // makes it run on. Counted once, the counters drifted (a START left over in them) for every
    // later test of the run: the counting trigger fired only when the statement named the level.
    await setMembershipLevel(confirmed.id, 'START');
    await expectCountersTrue();
    await admin().query(
      'update public.profiles set membership_valid_until = private.warsaw_today() - 400 where user_id = $1',
      [confirmed.id],
    );
    const [lapsed] = (
      await admin().query<{ membership_level: string }>(
        'select membership_level from public.profiles where user_id = $1',
        [confirmed.id],
      )
    ).rows;
    expect(lapsed!.membership_level).toBe('FREE');
    await expectCountersTrue();

    // Many rows in one statement, across levels.
    await admin().query(
      `update public.profiles set membership_level = case membership_level when 'VIP' then 'FREE' else 'VIP' end::public.membership_level
        where user_id = any($1)`,
      [[confirmed.id, unconfirmed.id, later.id]],
    );
    await expectCountersTrue();

    // Deletion (the profile goes by cascade), confirmed and not, through the admin RPC and directly.
    const stillUnconfirmed = await createMember({ confirmed: false });
    await queryAs(adminUser, `select public.admin_delete_user($1, 'Test')`, [confirmed.id]);
    await admin().query('delete from auth.users where id = any($1)', [[unconfirmed.id, stillUnconfirmed.id]]);
    await expectCountersTrue();

    // A rolled-back change leaves no trace.
    await inSnapshot(async (query) => {
      await query("update public.profiles set membership_level = 'START' where user_id = $1", [later.id]);
    });
    await expectCountersTrue();
  });

  it('follow idea submissions, moderation and deletions', async () => {
    const author = await createMember();
    await expectCountersTrue();

    // Submitted by the member through the API (RLS insert): the trigger runs as its owner.
    const [submitted] = await queryAs<{ id: string }>(
      author,
      `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy)
       values ('Pomysł licznika', 'Opis', 'games', 'Studenci', 'Reklamy') returning id`,
    );
    const second = await createIdea(author);
    const third = await createIdea(author, { status: 'approved' });
    await expectCountersTrue();

    await queryAs(adminUser, 'select public.admin_set_idea_status($1, $2)', [submitted!.id, 'approved']);
    await queryAs(adminUser, 'select public.admin_set_idea_status($1, $2)', [second.id, 'rejected']);
    await expectCountersTrue();

    // Several rows in one statement; one of them keeps its status.
    await admin().query("update public.app_ideas set status = 'pending' where id = any($1)", [
      [second.id, third.id, submitted!.id],
    ]);
    await admin().query("update public.app_ideas set status = status, title = title || '!' where id = $1", [second.id]);
    await expectCountersTrue();

    await queryAs(adminUser, 'select public.admin_delete_idea($1)', [third.id]);
    await expectCountersTrue();

    // The author's deletion takes the remaining ideas with it (cascade).
    await createIdea(author, { status: 'rejected' });
    await admin().query('delete from auth.users where id = $1', [author.id]);
    await expectCountersTrue();
  });

  it('lose no update when many members sign up, confirm and submit ideas at once', async () => {
    await expectCountersTrue();

    const batch = uniqueTag('parallel');
    const signUps = await overlapping(24, (query, i) =>
      query(signUpSql, [randomUUID(), `${batch}-${i}@example.test`, new Date()]),
    );
    expect(failures(signUps)).toEqual([]);
    const { rows } = await admin().query<{ confirmed: number }>(
      "select count(*)::int as confirmed from public.profiles where email like $1 || '-%' and email_confirmed",
      [batch],
    );
    expect(rows[0]!.confirmed).toBe(24);
    await expectCountersTrue();

    const pending = await Promise.all(Array.from({ length: 24 }, () => createMember({ confirmed: false })));
    const confirmations = await overlapping(24, (query, i) =>
      query('update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1', [pending[i]!.id]),
    );
    expect(failures(confirmations)).toEqual([]);
    await expectCountersTrue();

    const submissions = await overlapping(
      24,
      (query) =>
        query(`insert into public.app_ideas (title, description, category, target_audience, monetization_strategy)
               values ('Równoległy pomysł', 'Opis', 'business', 'Firmy', 'Abonament')`),
      (i) => pending[i]!,
    );
    expect(failures(submissions)).toEqual([]);
    await expectCountersTrue();
  });

  it('apply a whole transaction of changes at its commit, without those of rolled-back savepoints', async () => {
    const batch = uniqueTag('bulk');
    const client = await admin().connect();
    try {
      await client.query('begin');
      // 300 sign-ups in one statement (one profile insert each), two in three confirmed.
      await client.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                $1 || '-' || g || '@example.test', 'x', case when g % 3 <> 0 then now() end,
                '{"provider": "email", "providers": ["email"]}', '{"full_name": "Członek Hurtowy"}', now(), now(), false
           from generate_series(1, 300) g`,
        [batch],
      );
      await client.query(
        `update public.profiles set membership_level = (enum_range(null::public.membership_level))[1 + length(email) % 4]
          where email like $1 || '-%'`,
        [batch],
      );
      await client.query(
        `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy, submitted_by, status)
         select 'Pomysł hurtowy', 'Opis', 'lifestyle', 'Wszyscy', 'Reklamy', p.user_id,
                (enum_range(null::public.idea_status))[1 + length(p.email) % 3]
           from public.profiles p where p.email like $1 || '-%'`,
        [batch],
      );
      // Applied early on request; later changes are applied again at commit.
      await client.query('set constraints all immediate');
      await client.query(
        "update public.app_ideas set status = 'approved' where title = 'Pomysł hurtowy' and status = 'pending'",
      );
      await client.query('savepoint undone');
      await client.query("update public.profiles set email_confirmed = true where email like $1 || '-%'", [batch]);
      await client.query("delete from public.app_ideas where title = 'Pomysł hurtowy'");
      await client.query('rollback to savepoint undone');
      await client.query("update public.profiles set membership_level = 'VIP' where email = $1 || '-1@example.test'", [
        batch,
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    const { rows } = await admin().query<{ confirmed: number; ideas: number }>(
      `select count(*) filter (where p.email_confirmed)::int as confirmed,
              (select count(*) from public.app_ideas i join public.profiles q on q.user_id = i.submitted_by
                where q.email like $1 || '-%')::int as ideas
         from public.profiles p where p.email like $1 || '-%'`,
      [batch],
    );
    expect(rows[0]).toEqual({ confirmed: 200, ideas: 300 });
    await expectCountersTrue();
  });

  it('never deadlock when members move between two levels in opposite directions at once', async () => {
    const members = await Promise.all(Array.from({ length: 24 }, () => createMember()));
    const upgraded = members.slice(12);
    await admin().query("update public.profiles set membership_level = 'START' where user_id = any($1)", [
      upgraded.map((m) => m.id),
    ]);

    // Half go FREE -> START while the other half go START -> FREE: both touch the same two counters,
    // at the same commit instant. Several rounds, as a deadlock needs an unlucky interleaving.
    for (let round = 0; round < 8; round += 1) {
      const moves = await overlapping(24, (query, i) =>
        query('update public.profiles set membership_level = $2 where user_id = $1', [
          members[i]!.id,
          i < 12 === (round % 2 === 0) ? 'START' : 'FREE',
        ]),
      );
      expect(failures(moves)).toEqual([]);
    }
    await expectCountersTrue();
  });

  it('can be rebuilt from the tables (how the migration seeds them)', async () => {
    await createMember();
    const client = await admin().connect();
    const rows = async (sql: string) => (await client.query(sql)).rows;
    try {
      // READ COMMITTED, as in a migration: the recount locks the tables, then reads them.
      await client.query('begin');
      await client.query('select private.recount_dashboard_counters()');
      expect(
        await rows(
          "select count(*)::int as counters from private.dashboard_counters where kind <> 'paid_member_terms'",
        ),
      ).toEqual([{ counters: LEVELS.length + STATUSES.length + CATEGORIES.length }]);
      expect(toCounts(await rows(countersSql))).toEqual(toCounts(await rows(truthSql)));
    } finally {
      // The maintained counters stay as they were.
      await client.query('rollback');
      client.release();
    }
    await expectCountersTrue();
  });

  it('are what get_dashboard_stats returns', async () => {
    const member = await createMember();
    await createIdea(member);
    const { truth, stats } = await inSnapshot(async (query) => {
      const truth = { ...toCounts(await query(truthSql)), ...toCounts(await query(effectiveMembersSql)) };
      await query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(claimsOf(member)),
      ]);
      const [row] = await query<{ stats: { ideas: Counts; members: { confirmed: number; by_level: Counts } } }>(
        'select public.get_dashboard_stats() as stats',
      );
      return { truth, stats: row!.stats };
    });
    expect(stats.ideas).toEqual({
      total: STATUSES.reduce((sum, s) => sum + truth[`ideas:${s}`]!, 0),
      ...Object.fromEntries(STATUSES.map((s) => [s, truth[`ideas:${s}`]])),
      mine: 1,
    });
    expect(stats.members).toEqual({
      confirmed: LEVELS.reduce((sum, l) => sum + truth[`confirmed_members:${l}`]!, 0),
      by_level: Object.fromEntries(LEVELS.map((l) => [l, truth[`confirmed_members:${l}`]])),
    });
  });
});

// -----------------------------------------------------------------------------------------------
// get_app_ideas: the page-first query against the previous join-then-offset query
// -----------------------------------------------------------------------------------------------
const ORDERS = {
  date: 'i.submitted_at desc, i.id desc',
  score: 'i.score desc, i.submitted_at desc, i.id desc',
  votes: 'i.votes_count desc, i.submitted_at desc, i.id desc',
  comments: 'i.comments_count desc, i.submitted_at desc, i.id desc',
} as const;
type Sort = keyof typeof ORDERS;

interface Page {
  search: string | null;
  category: string | null;
  sort: Sort | null;
  limit: number;
  offset: number;
}

/** A search's total is counted up to this many matches (more: one above it; get_app_ideas in 20261122001300_ideas.sql). */
const SEARCH_COUNT_CAP = 500;

/** The body of get_app_ideas before this migration: joins every row up to the offset. */
function referenceQuery(page: Page, callerId: string): { sql: string; params: unknown[] } {
  const params: unknown[] = [callerId, page.limit, page.offset];
  let where = 'true';
  const term = page.search?.trim().toLowerCase();
  if (term) {
    params.push(`%${term.replace(/\\/g, '\\\\').replace(/%/g, '\\%').replace(/_/g, '\\_')}%`);
    where += ` and i.search_text like $${params.length}`;
  }
  if (page.category) {
    params.push(page.category);
    where += ` and i.category = $${params.length}::public.app_category`;
  }
  return {
    sql: `select i.id, i.title, i.description, i.category, i.target_audience, i.monetization_strategy,
                 i.submitted_by, i.submitted_at, i.status, i.score, i.votes_count, i.views_count,
                 i.comments_count, i.image_urls, i.webhook_response, i.created_at, i.updated_at,
                 p.full_name as author_full_name, v.score as user_vote,
                 (select ${term ? `least(count(*), ${SEARCH_COUNT_CAP + 1})` : 'count(*)'} from public.app_ideas i where ${where}) as total_count
            from public.app_ideas i
            left join public.profiles p on p.user_id = i.submitted_by
            left join public.idea_votes v on v.idea_id = i.id and v.user_id = $1
           where ${where}
           order by ${ORDERS[page.sort ?? 'date']}
           limit $2 offset $3`,
    params,
  };
}

/** Reference rows and the RPC's rows for every page, all from one snapshot. */
async function referenceAndRpc(caller: TestUser, pages: Page[]) {
  return inSnapshot(async (query) => {
    const expected: pg.QueryResultRow[][] = [];
    for (const page of pages) {
      const { sql, params } = referenceQuery(page, caller.id);
      expected.push(await query(sql, params));
    }
    await query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(claimsOf(caller)),
    ]);
    const actual: pg.QueryResultRow[][] = [];
    for (const page of pages) {
      actual.push(
        await query('select * from public.get_app_ideas($1, $2::public.app_category, $3, $4, $5)', [
          page.search,
          page.category,
          page.sort,
          page.limit,
          page.offset,
        ]),
      );
    }
    return { expected, actual };
  });
}

describe('get_app_ideas pages', () => {
  const IDEAS = 150;
  let tag: string;
  let member: TestUser;

  beforeAll(async () => {
    tag = uniqueTag('perf');
    member = await createMember();
    const authors = [member, await createMember({ fullName: 'Anna Autorka' }), await createMember()];
    const voters = [member, ...(await Promise.all([createMember(), createMember(), createMember()]))];
    // 150 tagged ideas with many ties: 7 distinct submission times, few distinct scores, vote and
    // comment counts, so the id tie-break decides the order within most groups.
    await admin().query(
      `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy,
                                     submitted_by, submitted_at, status)
       select 'Pomysł ' || $1 || ' ' || g, 'Opis pomysłu ' || g,
              (enum_range(null::public.app_category))[1 + g % 3], 'Studenci', 'Subskrypcja',
              ($2::uuid[])[1 + g % 3], now() - (g % 7) * interval '1 minute',
              (enum_range(null::public.idea_status))[1 + g % 3]
         from generate_series(1, $3::int) g`,
      [tag, authors.map((a) => a.id), IDEAS],
    );
    const tagged = `with ideas as (
                      select i.id, substring(i.title from '([0-9]+)$')::int as n
                        from public.app_ideas i where i.title like 'Pomysł ' || $1 || ' %')`;
    await admin().query(
      `${tagged}
       insert into public.idea_votes (idea_id, user_id, score)
       select ideas.id, v.voter, 1 + (ideas.n + v.k::int) % 3
         from ideas cross join unnest($2::uuid[]) with ordinality as v (voter, k)
        where ideas.n % (v.k::int + 1) = 0`,
      [tag, voters.map((v) => v.id)],
    );
    await admin().query(
      `${tagged}
       insert into public.idea_comments (idea_id, user_id, content)
       select ideas.id, $2, 'Komentarz ' || c from ideas cross join generate_series(1, 3) c where c <= ideas.n % 4`,
      [tag, member.id],
    );
  });

  it('returns the same rows in the same order as before, for every sort and page', async () => {
    const pages: Page[] = [];
    for (const sort of [...(Object.keys(ORDERS) as Sort[]), null]) {
      for (let offset = 0; offset <= IDEAS; offset += 20)
        pages.push({ search: tag, category: null, sort, limit: 20, offset });
      pages.push({ search: tag.toUpperCase(), category: 'productivity', sort, limit: 7, offset: 14 });
      pages.push({ search: tag, category: null, sort, limit: 100, offset: 75 });
      pages.push({ search: tag, category: null, sort, limit: 1, offset: IDEAS - 1 });
      pages.push({ search: tag, category: null, sort, limit: 20, offset: IDEAS + 5 });
    }
    const { expected, actual } = await referenceAndRpc(member, pages);

    expect(actual).toEqual(expected);
    // The comparison is not vacuous: full pages, the caller's votes, authors' names and ties occur.
    const firstPage = expected[0]!;
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]!.total_count).toBe(String(IDEAS));
    expect(expected.flat().some((row) => row.user_vote !== null)).toBe(true);
    expect(expected.flat().some((row) => row.author_full_name === 'Anna Autorka')).toBe(true);
    const byScore = expected.slice(
      pages.findIndex((p) => p.sort === 'score'),
      pages.findIndex((p) => p.sort === 'votes'),
    );
    const scores = byScore.flat().map((row) => `${row.score}|${(row.submitted_at as Date).toISOString()}`);
    expect(new Set(scores).size).toBeLessThan(scores.length);
    // Empty past the end, as before.
    expect(expected[pages.findIndex((p) => p.offset === IDEAS + 5)]).toEqual([]);
  });

  it('returns the same deep pages of the whole board as before', async () => {
    const { total } = (await admin().query<{ total: number }>('select count(*)::int as total from public.app_ideas'))
      .rows[0]!;
    const deep = Math.max(0, total - 30);
    const pages: Page[] = (Object.keys(ORDERS) as Sort[]).flatMap((sort) => [
      { search: null, category: null, sort, limit: 20, offset: 0 },
      { search: null, category: null, sort, limit: 20, offset: Math.floor(deep / 2) },
      { search: null, category: null, sort, limit: 20, offset: deep },
      { search: null, category: 'games', sort, limit: 100, offset: Math.floor(deep / 3) },
      { search: 'pomysł', category: null, sort, limit: 50, offset: Math.floor(deep / 4) },
    ]);
    const { expected, actual } = await referenceAndRpc(member, pages);

    expect(actual).toEqual(expected);
    expect(expected[2]).toHaveLength(20);
  });
});
