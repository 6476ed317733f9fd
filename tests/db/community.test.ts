import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { addPostComment, addReaction, createPost } from '../helpers/content-factories.ts';

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
