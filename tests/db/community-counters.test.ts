// private.post_counters (supabase/migrations/20261124121000_community_counters.sql): the reaction
// and comment counts get_posts shows are kept by statement triggers; they must always equal a count
// of the rows, whatever path changes them (members, bulk statements, cascades, concurrency).
import { beforeAll, describe, expect, it } from 'vitest';
import { addPostComment, addReaction, createPost } from '../helpers/content-factories.ts';
import { admin, asActor, createMember, queryAs, type TestUser } from '../helpers/db.ts';

type Counts = Record<string, number>;

/** The counters of a post, as stored. */
async function storedCounters(postId: string): Promise<Counts> {
  const { rows } = await admin().query<{ kind: string; value: string }>(
    'select kind, value from private.post_counters where post_id = $1 and value > 0',
    [postId],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.value)]));
}

/** The same, counted from the rows. */
async function countedFromRows(postId: string): Promise<Counts> {
  const { rows } = await admin().query<{ kind: string; value: string }>(
    `select type::text as kind, count(*) as value from public.post_reactions where post_id = $1 group by type
     union all
     select 'comments', count(*) from public.post_comments where post_id = $1 having count(*) > 0`,
    [postId],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.value)]));
}

async function expectCountersExact(postId: string): Promise<void> {
  expect(await storedCounters(postId)).toEqual(await countedFromRows(postId));
}

/** No post anywhere whose counters differ from its rows. */
async function mismatches(): Promise<unknown[]> {
  const { rows } = await admin().query(
    `with truth as (
       select post_id, type::text as kind, count(*) as value from public.post_reactions group by 1, 2
       union all
       select post_id, 'comments', count(*) from public.post_comments group by 1
     )
     select coalesce(t.post_id, c.post_id) as post_id, coalesce(t.kind, c.kind) as kind, t.value as truth, c.value as stored
       from truth t full join (select * from private.post_counters where value > 0) c
         on c.post_id = t.post_id and c.kind = t.kind
      where t.value is distinct from c.value`,
  );
  return rows;
}

describe('post counters', () => {
  let author: TestUser;
  let member: TestUser;
  let otherMember: TestUser;

  beforeAll(async () => {
    author = await createMember();
    member = await createMember();
    otherMember = await createMember();
  });

  it('follow members adding and removing reactions and comments', async () => {
    const post = await createPost(author);
    await queryAs(member, "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'like')", [
      post.id,
      member.id,
    ]);
    await queryAs(member, "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'fire')", [
      post.id,
      member.id,
    ]);
    await queryAs(otherMember, "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'like')", [
      post.id,
      otherMember.id,
    ]);
    await queryAs(member, "insert into public.post_comments (post_id, user_id, content) values ($1, $2, 'Super')", [
      post.id,
      member.id,
    ]);
    expect(await storedCounters(post.id)).toEqual({ like: 2, fire: 1, comments: 1 });

    await queryAs(member, 'delete from public.post_reactions where post_id = $1 and user_id = $2', [
      post.id,
      member.id,
    ]);
    expect(await storedCounters(post.id)).toEqual({ like: 1, comments: 1 });
    await expectCountersExact(post.id);
  });

  it('follow one statement that changes many posts, and an admin deleting comments', async () => {
    const posts = await Promise.all([createPost(author), createPost(author), createPost(author)]);
    await admin().query(
      `insert into public.post_reactions (post_id, user_id, type)
       select p, u, t from unnest($1::uuid[]) p, unnest($2::uuid[]) u, unnest(enum_range(null::public.reaction_type)) t`,
      [posts.map((post) => post.id), [member.id, otherMember.id, author.id]],
    );
    for (const post of posts) {
      await addPostComment(post.id, member);
      await addPostComment(post.id, otherMember);
      expect(await storedCounters(post.id)).toEqual({ like: 3, love: 3, fire: 3, clap: 3, comments: 2 });
    }
    await admin().query('delete from public.post_comments where post_id = any($1) and user_id = $2', [
      posts.map((post) => post.id),
      member.id,
    ]);
    for (const post of posts) await expectCountersExact(post.id);
  });

  it('go with a deleted post, and follow a deleted member (cascades)', async () => {
    const post = await createPost(author);
    const leaving = await createMember();
    await addReaction(post.id, leaving, 'clap');
    await addReaction(post.id, member, 'clap');
    await addPostComment(post.id, leaving);
    await admin().query('delete from auth.users where id = $1', [leaving.id]);
    expect(await storedCounters(post.id)).toEqual({ clap: 1 });

    await admin().query('delete from public.posts where id = $1', [post.id]);
    expect(await storedCounters(post.id)).toEqual({});
  });

  it('count every one of many concurrent reactions on one post', async () => {
    const post = await createPost(author);
    const reactors = await Promise.all(Array.from({ length: 20 }, () => createMember()));
    await Promise.all(
      reactors.map((reactor) =>
        asActor(reactor, (query) =>
          query("insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'love')", [
            post.id,
            reactor.id,
          ]),
        ),
      ),
    );
    expect(await storedCounters(post.id)).toEqual({ love: 20 });
  });

  it('are what get_posts shows, and agree with the rows everywhere', async () => {
    const post = await createPost(author, { title: 'Najnowszy wpis' });
    await addReaction(post.id, member, 'fire');
    await addReaction(post.id, otherMember, 'fire');
    await addPostComment(post.id, otherMember);
    const [row] = await queryAs<{ reaction_counts: Counts; comments_count: string; my_reactions: string[] }>(
      member,
      'select reaction_counts, comments_count, my_reactions::text[] as my_reactions from public.get_posts(100, 0) where id = $1',
      [post.id],
    );
    expect(row).toEqual({
      reaction_counts: { like: 0, love: 0, fire: 2, clap: 0 },
      comments_count: '1',
      my_reactions: ['fire'],
    });
    expect(await mismatches()).toEqual([]);
  });

  it('are rebuilt exactly by private.recount_post_counters()', async () => {
    await admin().query('update private.post_counters set value = value + 5');
    await admin().query('select private.recount_post_counters()');
    expect(await mismatches()).toEqual([]);
  });

  it('are out of every client role’s reach', async () => {
    for (const actor of [member, 'anon'] as const) {
      await expect(queryAs(actor, 'select * from private.post_counters')).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe('get_post_comments pages', () => {
  it('returns the latest page oldest first, then the earlier ones', async () => {
    const author = await createMember();
    const post = await createPost(author);
    const start = Date.now() - 60 * 60_000;
    for (let i = 1; i <= 5; i += 1)
      await addPostComment(post.id, author, `Komentarz ${i}`, new Date(start + i * 60_000));
    const page = (limit: number, offset: number) =>
      queryAs<{ content: string }>(author, 'select content from public.get_post_comments($1, $2, $3)', [
        post.id,
        limit,
        offset,
      ]).then((rows) => rows.map((row) => row.content));
    expect(await page(2, 0)).toEqual(['Komentarz 4', 'Komentarz 5']);
    expect(await page(2, 2)).toEqual(['Komentarz 2', 'Komentarz 3']);
    expect(await page(2, 4)).toEqual(['Komentarz 1']);
    expect(
      (await queryAs<{ content: string }>(author, 'select content from public.get_post_comments($1)', [post.id]))
        .length,
    ).toBe(5);
    for (const [limit, offset] of [
      [0, 0],
      [101, 0],
      [10, -1],
    ] as const) {
      await expect(page(limit, offset)).rejects.toMatchObject({ code: '22023', message: 'community.invalid_page' });
    }
  });
});
