import { beforeAll, describe, expect, it } from 'vitest';
import { addPostComment, addReaction, createPost } from '../helpers/content-factories.ts';
import { admin, asActor, createMember, queryAs, type TestUser, createAdmin, errorOf, sqlState } from '../helpers/db.ts';
import { checkLedgerAfterEachTest } from '../helpers/money-factories.ts';

// private.post_counters: the reaction
// and comment counts get_posts shows are kept by statement triggers; they must always equal a count
// of the rows, whatever path changes them (members, bulk statements, cascades, concurrency).
describe('community counters', () => {
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
});

async function postExists(id: string): Promise<boolean> {
  const { rows } = await admin().query('select 1 from public.posts where id = $1', [id]);
  return rows.length === 1;
}

async function reactionsOf(postId: string): Promise<{ user_id: string; type: string }[]> {
  const { rows } = await admin().query<{ user_id: string; type: string }>(
    'select user_id, type from public.post_reactions where post_id = $1 order by user_id, type',
    [postId],
  );
  return rows;
}

async function commentCount(postId: string): Promise<number> {
  const { rows } = await admin().query<{ n: string }>(
    'select count(*) as n from public.post_comments where post_id = $1',
    [postId],
  );
  return Number(rows[0]!.n);
}

// node-postgres does not parse arrays of enums; PostgREST returns them as JSON arrays.
const feedColumns =
  'id, author_id, title, author_name, reaction_counts, my_reactions::text[] as my_reactions, comments_count, total_count';

interface FeedRow {
  id: string;
  author_id: string;
  title: string;
  author_name: string | null;
  reaction_counts: Record<string, number>;
  my_reactions: string[];
  comments_count: string;
  total_count: string;
}

describe('community', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember({ fullName: 'Anna Nowak' });
    otherMember = await createMember({ fullName: 'Jan Kowalski' });
    adminUser = await createAdmin({ fullName: 'Admin Klubu' });
  });

  it('denies anon every command on posts, reactions and comments', async () => {
    const post = await createPost(member);
    const cases: [string, unknown[]][] = [
      ['select * from public.posts', []],
      ["insert into public.posts (author_id, title, content) values ($1, 'x', 'y')", [member.id]],
      ["update public.posts set title = 'x' where id = $1", [post.id]],
      ['delete from public.posts where id = $1', [post.id]],
      ['select * from public.post_reactions', []],
      ["insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'like')", [post.id, member.id]],
      ["update public.post_reactions set type = 'love' where post_id = $1", [post.id]],
      ['delete from public.post_reactions where post_id = $1', [post.id]],
      ['select * from public.post_comments', []],
      ["insert into public.post_comments (post_id, user_id, content) values ($1, $2, 'x')", [post.id, member.id]],
      ["update public.post_comments set content = 'x' where post_id = $1", [post.id]],
      ['delete from public.post_comments where post_id = $1', [post.id]],
    ];
    for (const [sql, params] of cases) expect(await sqlState(queryAs('anon', sql, params)), sql).toBe('42501');
    expect(await postExists(post.id)).toBe(true);
  });

  describe('posts', () => {
    it('lets members and admins read every post; anon nothing', async () => {
      const post = await createPost(otherMember);
      for (const actor of [member, otherMember, adminUser]) {
        expect(await queryAs(actor, 'select id from public.posts where id = $1', [post.id])).toEqual([{ id: post.id }]);
      }
      expect(await sqlState(queryAs('anon', 'select id from public.posts'))).toBe('42501');
    });

    it('lets an admin publish a post as themselves only, and no member (no posting feature)', async () => {
      const [row] = await queryAs<{ author_id: string }>(
        adminUser,
        "insert into public.posts (title, content) values ('Cześć', 'Pierwszy wpis') returning author_id",
      );
      expect(row!.author_id).toBe(adminUser.id);
      expect(
        await sqlState(
          queryAs(adminUser, "insert into public.posts (author_id, title, content) values ($1, 'Podróbka', 'Treść')", [
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(queryAs(adminUser, "insert into public.posts (title, content) values (' ', 'Treść')")),
      ).toBe('23514');
      expect(await sqlState(queryAs(member, "insert into public.posts (title, content) values ('A', 'B')"))).toBe(
        '42501',
      );
      expect(await sqlState(queryAs('anon', "insert into public.posts (title, content) values ('A', 'B')"))).toBe(
        '42501',
      );
    });

    it("lets only admins edit a post's title and content, audited; nobody moves a post to another author", async () => {
      const post = await createPost(adminUser, { title: 'Oryginał' });
      const edit = "update public.posts set title = 'Zmiana', content = 'Nowa treść' where id = $1 returning id";
      expect(await queryAs(member, edit, [post.id])).toEqual([]);
      expect(await queryAs(otherMember, edit, [post.id])).toEqual([]);
      expect(await sqlState(queryAs('anon', edit, [post.id]))).toBe('42501');
      const { rows: before } = await admin().query('select title from public.posts where id = $1', [post.id]);
      expect(before).toEqual([{ title: 'Oryginał' }]);

      expect(await queryAs(adminUser, edit, [post.id])).toEqual([{ id: post.id }]);
      const { rows: after } = await admin().query('select title, content from public.posts where id = $1', [post.id]);
      expect(after).toEqual([{ title: 'Zmiana', content: 'Nowa treść' }]);
      expect(
        await sqlState(
          queryAs(adminUser, 'update public.posts set author_id = $2 where id = $1', [post.id, member.id]),
        ),
      ).toBe('42501');

      const { rows: audit } = await admin().query<{
        action: string;
        before: { title: string };
        after: { title: string };
      }>(
        `select action, before, after from public.admin_audit_log where target_type = 'posts' and target_id = $1 order by created_at`,
        [post.id],
      );
      expect(audit.map((row) => [row.action, row.before?.title, row.after?.title])).toEqual([
        ['posts.update', 'Oryginał', 'Zmiana'],
      ]);
    });

    it('audits an admin publishing and deleting a post', async () => {
      const [created] = await queryAs<{ id: string }>(
        adminUser,
        "insert into public.posts (title, content) values ('Ogłoszenie klubu', 'Treść') returning id",
      );
      await queryAs(adminUser, 'delete from public.posts where id = $1', [created!.id]);
      const { rows } = await admin().query<{ action: string; actor_id: string }>(
        `select action, actor_id from public.admin_audit_log where target_type = 'posts' and target_id = $1 order by created_at`,
        [created!.id],
      );
      expect(rows).toEqual([
        { action: 'posts.insert', actor_id: adminUser.id },
        { action: 'posts.delete', actor_id: adminUser.id },
      ]);
    });

    it('lets only admins delete posts (with their reactions and comments)', async () => {
      const post = await createPost(member);
      await addReaction(post.id, otherMember, 'like');
      await addPostComment(post.id, otherMember);
      expect(await queryAs(member, 'delete from public.posts where id = $1 returning id', [post.id])).toEqual([]);
      expect(await queryAs(otherMember, 'delete from public.posts where id = $1 returning id', [post.id])).toEqual([]);
      expect(await postExists(post.id)).toBe(true);
      expect(await sqlState(queryAs('anon', 'delete from public.posts where id = $1', [post.id]))).toBe('42501');
      expect(await queryAs(adminUser, 'delete from public.posts where id = $1 returning id', [post.id])).toEqual([
        { id: post.id },
      ]);
      expect(await postExists(post.id)).toBe(false);
      expect(await reactionsOf(post.id)).toEqual([]);
      expect(await commentCount(post.id)).toBe(0);
    });
  });

  describe('post_reactions', () => {
    it('lets members react (one of each type) and read all reactions', async () => {
      const post = await createPost(otherMember);
      await queryAs(member, "insert into public.post_reactions (post_id, type) values ($1, 'like')", [post.id]);
      await queryAs(member, "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'fire')", [
        post.id,
        member.id,
      ]);
      expect(
        await sqlState(
          queryAs(member, "insert into public.post_reactions (post_id, type) values ($1, 'like')", [post.id]),
        ),
      ).toBe('23505');
      expect(
        await sqlState(
          queryAs(member, "insert into public.post_reactions (post_id, type) values ($1, 'angry')", [post.id]),
        ),
      ).toBe('22P02');
      await addReaction(post.id, otherMember, 'love');
      const rows = await queryAs<{ user_id: string; type: string }>(
        adminUser,
        'select user_id, type from public.post_reactions where post_id = $1',
        [post.id],
      );
      expect(rows).toHaveLength(3);
    });

    it('denies reacting in someone else’s name, and anon', async () => {
      const post = await createPost(otherMember);
      expect(
        await sqlState(
          queryAs(member, "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'like')", [
            post.id,
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs('anon', "insert into public.post_reactions (post_id, user_id, type) values ($1, $2, 'like')", [
            post.id,
            member.id,
          ]),
        ),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'select * from public.post_reactions'))).toBe('42501');
      expect(await reactionsOf(post.id)).toEqual([]);
    });

    it('lets a member remove their reactions by post (spec: delete by post and user), never another member’s', async () => {
      const post = await createPost(otherMember);
      await addReaction(post.id, member, 'like');
      await addReaction(post.id, member, 'clap');
      await addReaction(post.id, otherMember, 'like');
      const removed = await queryAs(
        member,
        'delete from public.post_reactions where post_id = $1 and user_id = $2 returning type',
        [post.id, member.id],
      );
      expect(removed).toHaveLength(2);
      expect(
        await queryAs(member, 'delete from public.post_reactions where post_id = $1 and user_id = $2 returning type', [
          post.id,
          otherMember.id,
        ]),
      ).toEqual([]);
      expect(
        await queryAs(adminUser, 'delete from public.post_reactions where post_id = $1 returning type', [post.id]),
      ).toEqual([]);
      expect(await reactionsOf(post.id)).toEqual([{ user_id: otherMember.id, type: 'like' }]);
    });

    it('cannot be changed in place', async () => {
      const post = await createPost(otherMember);
      await addReaction(post.id, member, 'like');
      expect(
        await sqlState(queryAs(member, "update public.post_reactions set type = 'love' where post_id = $1", [post.id])),
      ).toBe('42501');
    });
  });

  describe('post_comments', () => {
    it('lets members comment as themselves and read all comments', async () => {
      const post = await createPost(otherMember);
      const [row] = await queryAs<{ user_id: string }>(
        member,
        "insert into public.post_comments (post_id, content) values ($1, 'Super') returning user_id",
        [post.id],
      );
      expect(row!.user_id).toBe(member.id);
      await addPostComment(post.id, otherMember);
      expect(
        await queryAs(adminUser, 'select id from public.post_comments where post_id = $1', [post.id]),
      ).toHaveLength(2);
    });

    it('denies comments as someone else, blank comments, anon, and edits', async () => {
      const post = await createPost(otherMember);
      expect(
        await sqlState(
          queryAs(member, "insert into public.post_comments (post_id, user_id, content) values ($1, $2, 'X')", [
            post.id,
            otherMember.id,
          ]),
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          queryAs(member, "insert into public.post_comments (post_id, content) values ($1, '   ')", [post.id]),
        ),
      ).toBe('23514');
      expect(
        await sqlState(
          queryAs('anon', "insert into public.post_comments (post_id, content) values ($1, 'X')", [post.id]),
        ),
      ).toBe('42501');
      const comment = await addPostComment(post.id, member);
      expect(
        await sqlState(queryAs(member, "update public.post_comments set content = 'Y' where id = $1", [comment.id])),
      ).toBe('42501');
      expect(await commentCount(post.id)).toBe(1);
    });

    it('lets only admins delete comments', async () => {
      const post = await createPost(otherMember);
      const comment = await addPostComment(post.id, member);
      expect(
        await queryAs(member, 'delete from public.post_comments where id = $1 returning id', [comment.id]),
      ).toEqual([]);
      expect(
        await queryAs(otherMember, 'delete from public.post_comments where id = $1 returning id', [comment.id]),
      ).toEqual([]);
      expect(await commentCount(post.id)).toBe(1);
      expect(
        await queryAs(adminUser, 'delete from public.post_comments where id = $1 returning id', [comment.id]),
      ).toEqual([{ id: comment.id }]);
      expect(await commentCount(post.id)).toBe(0);
    });
  });

  describe('get_posts', () => {
    it('returns posts newest first with author names, reaction counts, my reactions and comment counts', async () => {
      const older = await createPost(otherMember, { title: 'Starszy', created_at: new Date(Date.now() + 60_000) });
      const newer = await createPost(member, { title: 'Nowszy', created_at: new Date(Date.now() + 120_000) });
      await addReaction(older.id, member, 'like');
      await addReaction(older.id, member, 'fire');
      await addReaction(older.id, otherMember, 'like');
      await addPostComment(older.id, member);
      await addPostComment(older.id, otherMember);
      const rows = await queryAs<FeedRow>(
        member,
        `select ${feedColumns} from public.get_posts(p_limit => 2, p_offset => 0)`,
      );
      expect(rows.map((row) => row.id)).toEqual([newer.id, older.id]);
      expect(rows[1]).toMatchObject({
        author_id: otherMember.id,
        author_name: 'Jan Kowalski',
        reaction_counts: { like: 2, love: 0, fire: 1, clap: 0 },
        my_reactions: ['like', 'fire'],
        comments_count: '2',
      });
      expect(rows[0]).toMatchObject({
        author_name: 'Anna Nowak',
        reaction_counts: { like: 0, love: 0, fire: 0, clap: 0 },
        my_reactions: [],
        comments_count: '0',
      });
      const { rows: total } = await admin().query<{ n: string }>('select count(*) as n from public.posts');
      expect(Number(rows[0]!.total_count)).toBeGreaterThanOrEqual(2);
      expect(Number(rows[0]!.total_count)).toBeLessThanOrEqual(Number(total[0]!.n));
      expect(JSON.stringify(rows)).not.toContain(otherMember.email);
      const [forOther] = await queryAs<FeedRow>(
        otherMember,
        `select ${feedColumns} from public.get_posts(2, 0) where id = $1`,
        [older.id],
      );
      expect(forOther!.my_reactions).toEqual(['like']);
      const second = await queryAs<FeedRow>(member, `select ${feedColumns} from public.get_posts(1, 1)`);
      expect(second.map((row) => row.id)).toEqual([older.id]);
    });

    it.each([
      [0, 0],
      [101, 0],
      [10, -1],
      [null, 0],
    ])('rejects limit %s offset %s with community.invalid_page', async (limit, offset) => {
      expect(await errorOf(queryAs(member, 'select * from public.get_posts($1, $2)', [limit, offset]))).toEqual({
        code: '22023',
        message: 'community.invalid_page',
      });
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.get_posts()'))).toBe('42501');
    });
  });

  describe('get_post_comments', () => {
    it('returns a post’s comments oldest first with author names', async () => {
      const post = await createPost(otherMember);
      await addPostComment(post.id, otherMember, 'Drugi', new Date(Date.now() - 1000));
      await addPostComment(post.id, member, 'Pierwszy', new Date(Date.now() - 5000));
      const rows = await queryAs(member, 'select content, author_name, user_id from public.get_post_comments($1)', [
        post.id,
      ]);
      expect(rows).toEqual([
        { content: 'Pierwszy', author_name: 'Anna Nowak', user_id: member.id },
        { content: 'Drugi', author_name: 'Jan Kowalski', user_id: otherMember.id },
      ]);
    });

    it('refuses an unknown post with community.post_not_found, and anon', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(await errorOf(queryAs(member, 'select * from public.get_post_comments($1)', [unknown]))).toEqual({
        code: 'P0002',
        message: 'community.post_not_found',
      });
      expect(await sqlState(queryAs('anon', 'select * from public.get_post_comments($1)', [unknown]))).toBe('42501');
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    let member: TestUser;

    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
      adminUser = await createAdmin({ fullName: 'Ewa Zarząd' });
    });

    describe('3. posts', () => {
      const publish = (actor: TestUser) =>
        queryAs<{ title: string }>(
          actor,
          "insert into public.posts (author_id, title, content) values ($1, 'Ogłoszenie', 'Treść') returning title",
          [actor.id],
        );

      it('members cannot publish', async () => {
        expect(await sqlState(publish(member))).toBe('42501');
      });

      it('an admin (aal2) publishes as themselves, not as someone else', async () => {
        expect(await publish(adminUser)).toEqual([{ title: 'Ogłoszenie' }]);
        expect(
          await sqlState(
            queryAs(adminUser, "insert into public.posts (author_id, title, content) values ($1, 'X', 'Y')", [
              member.id,
            ]),
          ),
        ).toBe('42501');
      });
    });
  });
});

// Issue 21, items 9 and 10: per-member rate limits in SQL (a PostgREST array insert counts row by
// row), notification preferences of known keys only, and the idea-webhook's atomic claim.
describe('volume limits (issue 21)', () => {
  let adminUser: TestUser;

  beforeAll(async () => {
    adminUser = await createAdmin();
  });

  it('post comments (20 an hour) and reactions (60 an hour) are limited per member', async () => {
    const active = await createMember();
    const post = await createPost(adminUser);
    const comment = (count: number) =>
      queryAs(
        active,
        `insert into public.post_comments (post_id, user_id, content)
         select $1, $2, 'Komentarz ' || g from generate_series(1, $3) g returning id`,
        [post.id, active.id, count],
      );
    expect(await errorOf(comment(21))).toEqual({ code: 'P0001', message: 'community.comment_rate_limited' });
    expect(await comment(20)).toHaveLength(20);

    const posts = await Promise.all(Array.from({ length: 16 }, () => createPost(adminUser)));
    const react = (ids: string[]) =>
      queryAs(
        active,
        `insert into public.post_reactions (post_id, user_id, type)
         select p, $2, t from unnest($1::uuid[]) p cross join unnest(enum_range(null::public.reaction_type)) t returning post_id`,
        [ids, active.id],
      );
    expect(await errorOf(react(posts.map((p) => p.id)))).toEqual({
      code: 'P0001',
      message: 'community.reaction_rate_limited',
    });
    expect(await react(posts.slice(0, 15).map((p) => p.id))).toHaveLength(60);
  });
});
