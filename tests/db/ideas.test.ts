import { describe, expect, it, beforeAll } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import {
  createIdea,
  inSnapshotAs,
  addIdeaComment,
  addVote,
  ideaRow,
  ideaImageUrl,
  removeStoredObjects,
  storeIdeaImage,
  uniqueTag,
  type IdeaRow,
} from '../helpers/content-factories.ts';
import { checkLedgerAfterEachTest } from '../helpers/money-factories.ts';

// Admin area (issue 13): the second factor for admin rights, the hook templates' guard, member
// deletion that keeps money records and returns the member's files, the moderation and payout lists.
describe('admin area', () => {
  checkLedgerAfterEachTest();

  describe('admin_list_ideas', () => {
    type ListedIdea = {
      id: string;
      status: string;
      submitted_at: Date;
      author_full_name: string | null;
      author_email: string | null;
      total_count: string;
    };

    it('lists pending ideas first, newest first within a status, with the author', async () => {
      const adminUser = await createAdmin();
      const author = await createMember({ fullName: 'Ola Autorka' });
      const approved = await createIdea(author, { status: 'approved', submitted_at: new Date(Date.now() + 60_000) });
      const olderPending = await createIdea(author, { submitted_at: new Date(Date.now() - 60_000) });
      const newerPending = await createIdea(author, { submitted_at: new Date(Date.now() + 30_000) });

      await inSnapshotAs(adminUser, async (query) => {
        const all: ListedIdea[] = [];
        for (let offset = 0; ; offset += 100) {
          const page = await query<ListedIdea>('select * from public.admin_list_ideas(null, 100, $1)', [offset]);
          all.push(...page);
          if (page.length < 100) break;
        }
        expect(all).toHaveLength(Number(all[0]?.total_count));
        const rank = { pending: 0, approved: 1, rejected: 2 } as Record<string, number>;
        for (let i = 1; i < all.length; i += 1) {
          const [a, b] = [all[i - 1]!, all[i]!];
          expect(rank[a.status]! < rank[b.status]! || (a.status === b.status && a.submitted_at >= b.submitted_at)).toBe(
            true,
          );
        }
        const position = (id: string) => all.findIndex((row) => row.id === id);
        expect(position(newerPending.id)).toBeLessThan(position(olderPending.id));
        expect(position(olderPending.id)).toBeLessThan(position(approved.id));
        expect(all[position(newerPending.id)]).toMatchObject({
          author_full_name: 'Ola Autorka',
          author_email: author.email,
        });

        const pending = await query<ListedIdea>("select * from public.admin_list_ideas('pending', 100, 0)");
        expect(pending.every((row) => row.status === 'pending')).toBe(true);
        expect(pending.map((row) => row.id)).toContain(newerPending.id);
      });
    });

    it('refuses members and bad pages', async () => {
      const adminUser = await createAdmin();
      const member = await createMember();
      expect(await errorOf(queryAs(member, 'select * from public.admin_list_ideas()'))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(await errorOf(queryAs(adminUser, 'select * from public.admin_list_ideas(null, 101, 0)'))).toEqual({
        code: '22023',
        message: 'admin.invalid_limit',
      });
      expect(await errorOf(queryAs(adminUser, 'select * from public.admin_list_ideas(null, 10, -1)'))).toEqual({
        code: '22023',
        message: 'admin.invalid_offset',
      });
    });
  });
});

const insertIdeaSql = `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy, image_urls)
  values ($1, $2, $3, $4, $5, coalesce($6, '{}'::text[])) returning *`;

interface BoardRow {
  id: string;
  title: string;
  status: string;
  score: string;
  votes_count: number;
  comments_count: number;
  author_full_name: string | null;
  user_vote: number | null;
  total_count: string;
  submitted_by: string;
}

const board = (
  actor: TestUser,
  args: {
    search?: string | null;
    category?: string | null;
    sort?: string | null;
    limit?: number | null;
    offset?: number | null;
    status?: string | null;
    mine?: boolean;
  },
) =>
  queryAs<BoardRow>(
    actor,
    'select * from public.get_app_ideas(p_search => $1, p_category => $2, p_sort => $3, p_limit => $4, p_offset => $5, p_status => $6, p_mine => $7)',
    [
      args.search ?? null,
      args.category ?? null,
      args.sort === undefined ? 'date' : args.sort,
      args.limit === undefined ? 20 : args.limit,
      args.offset === undefined ? 0 : args.offset,
      args.status ?? null,
      args.mine ?? false,
    ],
  );

const vote = (actor: TestUser, ideaId: string, score: number | null, userId: string = actor.id) =>
  queryAs<{ score: string; votes_count: number; user_vote: number }>(
    actor,
    'select * from public.vote_for_idea(p_idea_id => $1, p_user_id => $2, p_score => $3)',
    [ideaId, userId, score],
  );

describe('app ideas', () => {
  let member: TestUser;
  let otherMember: TestUser;
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember({ fullName: 'Anna Nowak' });
    otherMember = await createMember({ fullName: 'Jan Kowalski' });
    adminUser = await createAdmin({ fullName: 'Admin Klubu' });
  });

  describe('app_ideas table', () => {
    it('denies anon every command', async () => {
      const idea = await createIdea(member);
      expect(await sqlState(queryAs('anon', 'select id from public.app_ideas'))).toBe('42501');
      expect(await sqlState(queryAs('anon', insertIdeaSql, ['T', 'D', 'games', 'A', 'M', null]))).toBe('42501');
      expect(
        await sqlState(queryAs('anon', "update public.app_ideas set webhook_response = 'x' where id = $1", [idea.id])),
      ).toBe('42501');
      expect(await sqlState(queryAs('anon', 'delete from public.app_ideas where id = $1', [idea.id]))).toBe('42501');
    });

    it("lets members read every idea, including other members' ones", async () => {
      const mine = await createIdea(member);
      const theirs = await createIdea(otherMember, { status: 'rejected' });
      const rows = await queryAs<{ id: string }>(member, 'select id from public.app_ideas where id = any($1)', [
        [mine.id, theirs.id],
      ]);
      expect(rows.map((row) => row.id).sort()).toEqual([mine.id, theirs.id].sort());
    });

    it('lets a member submit an idea: author is the caller, status pending, counters zero', async () => {
      const image = await storeIdeaImage(member);
      const [row] = await queryAs<IdeaRow>(member, insertIdeaSql, [
        'Aplikacja do nauki',
        'Fiszki z powtórkami',
        'education',
        'Uczniowie',
        'Freemium',
        [image.url],
      ]);
      expect(row).toMatchObject({
        submitted_by: member.id,
        status: 'pending',
        score: '0.00',
        votes_count: 0,
        comments_count: 0,
        webhook_response: null,
        image_urls: [image.path],
      });
      expect((await ideaRow(row!.id))?.submitted_by).toBe(member.id);
    });

    it.each([
      ['status', "'approved'"],
      ['score', '5'],
      ['votes_count', '100'],
      ['comments_count', '3'],
      ['views_count', '3'],
      ['submitted_by', 'null'],
      ['submitted_at', "'2000-01-01'"],
      ['webhook_response', "'Zatwierdzone'"],
    ])('denies a member setting %s on insert', async (column, value) => {
      const sql = `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy, ${column})
                   values ('T', 'D', 'games', 'A', 'M', ${value === 'null' ? `'${otherMember.id}'` : value})`;
      expect(await sqlState(queryAs(member, sql))).toBe('42501');
    });

    it('rejects more than 5 images, non-http images and blank required fields', async () => {
      const six = await Promise.all(Array.from({ length: 6 }, () => storeIdeaImage(member)));
      const urls = six.map((image) => image.url);
      expect(await sqlState(queryAs(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', urls]))).toBe('23514');
      expect(
        await sqlState(queryAs(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', ['javascript:alert(1)']])),
      ).toBe('23514');
      expect(
        await sqlState(queryAs(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', [`${urls[0]} ${urls[1]}`]])),
      ).toBe('23514');
      expect(await sqlState(queryAs(member, insertIdeaSql, ['  ', 'D', 'games', 'A', 'M', null]))).toBe('23514');
      expect(await sqlState(queryAs(member, insertIdeaSql, ['T', 'D', 'games', '', 'M', null]))).toBe('23514');
      expect(await queryAs(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', urls.slice(0, 5)])).toHaveLength(1);
    });

    describe('images', () => {
      const submit = (actor: TestUser, urls: string[]) =>
        errorOf(queryAs(actor, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', urls]));

      it('accepts objects in the author’s own folder of idea-images (path or public URL), keeping their paths', async () => {
        const [one, two] = await Promise.all([storeIdeaImage(member), storeIdeaImage(member, { ext: 'webp' })]);
        const [row] = await queryAs<IdeaRow>(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', [one.url, two.path]]);
        expect(row!.image_urls).toEqual([one.path, two.path]);
      });

      it('refuses any other URL: other hosts’ paths, other buckets, other folders, queries', async () => {
        const theirs = await storeIdeaImage(otherMember);
        const inAvatars = await storeIdeaImage(member, { bucket: 'avatars' });
        const mine = await storeIdeaImage(member);
        const invalid = { code: '23514', message: 'ideas.invalid_image' };
        expect(await submit(member, ['https://evil.example.test/picture.png'])).toEqual(invalid);
        expect(await submit(member, [theirs.url])).toEqual(invalid);
        expect(await submit(member, [inAvatars.url.replace('/idea-images/', '/avatars/')])).toEqual(invalid);
        expect(await submit(member, [`${mine.url}?download=1`])).toEqual(invalid);
        expect(await submit(member, [`${mine.url}#x`])).toEqual(invalid);
        expect(await submit(member, [mine.url.replace(`/${member.id}/`, `/${member.id}/../${member.id}/`)])).toEqual(
          invalid,
        );
        expect(await submit(member, [ideaImageUrl(`${member.id}/sub/${Date.now()}.png`)])).toEqual(invalid);
      });

      it('refuses an image that was never uploaded (image_missing)', async () => {
        expect(await submit(member, [ideaImageUrl(`${member.id}/${Date.now()}-never.png`)])).toEqual({
          code: '23514',
          message: 'ideas.image_missing',
        });
        const inAvatars = await storeIdeaImage(member, { bucket: 'avatars' });
        expect(await submit(member, [ideaImageUrl(inAvatars.path)])).toEqual({
          code: '23514',
          message: 'ideas.image_missing',
        });
      });

      it('refuses the same image twice, or one another idea already shows (image_in_use)', async () => {
        const image = await storeIdeaImage(member);
        expect(await submit(member, [image.url, image.url])).toEqual({ code: '23514', message: 'ideas.invalid_image' });
        await queryAs(member, insertIdeaSql, ['T', 'D', 'games', 'A', 'M', [image.url]]);
        expect(await submit(member, [image.url])).toEqual({ code: '23514', message: 'ideas.image_in_use' });
      });

      it('applies to every writer, not only members', async () => {
        const theirs = await storeIdeaImage(otherMember);
        await expect(createIdea(member, { image_urls: [theirs.url] })).rejects.toThrow('ideas.invalid_image');
      });
    });

    it('denies members writing webhook_response, even of their own pending idea (the idea-webhook function stores it)', async () => {
      const mine = await createIdea(member);
      const theirs = await createIdea(otherMember);
      const reviewed = await createIdea(member, { status: 'approved' });
      for (const idea of [mine, theirs, reviewed]) {
        expect(
          await sqlState(
            queryAs(member, "update public.app_ideas set webhook_response = 'Fałszywa opinia' where id = $1", [
              idea.id,
            ]),
          ),
        ).toBe('42501');
        expect((await ideaRow(idea.id))?.webhook_response).toBeNull();
      }
      expect(
        await sqlState(
          queryAs(adminUser, "update public.app_ideas set webhook_response = 'x' where id = $1", [mine.id]),
        ),
      ).toBe('42501');
    });

    it('lets the service role store the feedback', async () => {
      const idea = await createIdea(member);
      expect(
        await queryAs(
          'service_role',
          "update public.app_ideas set webhook_response = 'Dziękujemy za zgłoszenie pomysłu!' where id = $1 returning webhook_response",
          [idea.id],
        ),
      ).toEqual([{ webhook_response: 'Dziękujemy za zgłoszenie pomysłu!' }]);
    });

    it.each([
      ['status', "'approved'"],
      ['score', '5'],
      ['votes_count', '99'],
      ['comments_count', '99'],
      ['title', "'Nowy tytuł'"],
      ['submitted_by', 'null'],
    ])('denies a member updating %s, even of their own idea', async (column, value) => {
      const idea = await createIdea(member);
      const v = value === 'null' ? `'${otherMember.id}'` : value;
      expect(
        await sqlState(queryAs(member, `update public.app_ideas set ${column} = ${v} where id = $1`, [idea.id])),
      ).toBe('42501');
      expect(await ideaRow(idea.id)).toMatchObject({
        status: 'pending',
        score: '0.00',
        votes_count: 0,
        submitted_by: member.id,
        title: idea.title,
      });
    });

    it('gives admins no direct status update (they use admin_set_idea_status)', async () => {
      const idea = await createIdea(member);
      expect(
        await sqlState(queryAs(adminUser, "update public.app_ideas set status = 'approved' where id = $1", [idea.id])),
      ).toBe('42501');
    });

    it('deletes nothing for members (own or not); admins may delete', async () => {
      const mine = await createIdea(member);
      const theirs = await createIdea(otherMember);
      expect(
        await queryAs(member, 'delete from public.app_ideas where id = any($1) returning id', [[mine.id, theirs.id]]),
      ).toEqual([]);
      expect(await ideaRow(mine.id)).toBeDefined();
      expect(await ideaRow(theirs.id)).toBeDefined();
      expect(await queryAs(adminUser, 'delete from public.app_ideas where id = $1 returning id', [theirs.id])).toEqual([
        { id: theirs.id },
      ]);
      expect(await ideaRow(theirs.id)).toBeUndefined();
    });
  });

  it('denies anon every command on votes and comments', async () => {
    const idea = await createIdea(member);
    for (const sql of [
      'select * from public.idea_votes',
      'insert into public.idea_votes (idea_id, user_id, score) values ($1, $2, 5)',
      'update public.idea_votes set score = 5 where idea_id = $1',
      'delete from public.idea_votes where idea_id = $1',
      'select * from public.idea_comments',
      "insert into public.idea_comments (idea_id, user_id, content) values ($1, $2, 'x')",
      "update public.idea_comments set content = 'x' where idea_id = $1",
      'delete from public.idea_comments where idea_id = $1',
    ]) {
      const params = sql.includes('$2') ? [idea.id, member.id] : sql.includes('$1') ? [idea.id] : [];
      expect(await sqlState(queryAs('anon', sql, params)), sql).toBe('42501');
    }
  });

  describe('idea_votes table', () => {
    it('shows each member only their own votes (admins included)', async () => {
      const idea = await createIdea(otherMember);
      await addVote(idea.id, member, 4);
      await addVote(idea.id, otherMember, 2);
      await addVote(idea.id, adminUser, 5);
      for (const [actor, score] of [
        [member, 4],
        [otherMember, 2],
        [adminUser, 5],
      ] as const) {
        const rows = await queryAs<{ user_id: string; score: number }>(
          actor,
          'select user_id, score from public.idea_votes where idea_id = $1',
          [idea.id],
        );
        expect(rows).toEqual([{ user_id: actor.id, score }]);
      }
      expect(await sqlState(queryAs('anon', 'select * from public.idea_votes'))).toBe('42501');
    });

    it('allows no direct writes, not even for admins', async () => {
      const idea = await createIdea(otherMember);
      await addVote(idea.id, member, 1);
      for (const actor of [member, adminUser]) {
        expect(
          await sqlState(
            queryAs(actor, 'insert into public.idea_votes (idea_id, user_id, score) values ($1, $2, 5)', [
              idea.id,
              actor.id,
            ]),
          ),
        ).toBe('42501');
        expect(
          await sqlState(queryAs(actor, 'update public.idea_votes set score = 5 where idea_id = $1', [idea.id])),
        ).toBe('42501');
        expect(await sqlState(queryAs(actor, 'delete from public.idea_votes where idea_id = $1', [idea.id]))).toBe(
          '42501',
        );
      }
      expect(await ideaRow(idea.id)).toMatchObject({ score: '1.00', votes_count: 1 });
    });

    it('recounts the idea when votes disappear with their member', async () => {
      const leaving = await createMember();
      const idea = await createIdea(otherMember);
      await addVote(idea.id, member, 5);
      await addVote(idea.id, leaving, 2);
      expect(await ideaRow(idea.id)).toMatchObject({ score: '3.50', votes_count: 2 });
      await admin().query('delete from auth.users where id = $1', [leaving.id]);
      expect(await ideaRow(idea.id)).toMatchObject({ score: '5.00', votes_count: 1 });
    });
  });

  describe('vote_for_idea', () => {
    it('records the vote and returns the new score, count and the caller’s vote', async () => {
      const idea = await createIdea(otherMember);
      await addVote(idea.id, otherMember, 2);
      expect(await vote(member, idea.id, 5)).toEqual([{ score: '3.50', votes_count: 2, user_vote: 5 }]);
      expect(await ideaRow(idea.id)).toMatchObject({ score: '3.50', votes_count: 2 });
    });

    it('keeps the average to two decimals', async () => {
      const idea = await createIdea(otherMember);
      await addVote(idea.id, otherMember, 1);
      await addVote(idea.id, adminUser, 2);
      expect(await vote(member, idea.id, 2)).toEqual([{ score: '1.67', votes_count: 3, user_vote: 2 }]);
    });

    it('refuses a second vote with ideas.already_voted', async () => {
      const idea = await createIdea(otherMember);
      await vote(member, idea.id, 3);
      const error = await errorOf(vote(member, idea.id, 5));
      expect(error).toEqual({ code: 'P0001', message: 'ideas.already_voted' });
      expect(await ideaRow(idea.id)).toMatchObject({ score: '3.00', votes_count: 1 });
    });

    it.each([0, 6, -1, null])('refuses score %s with ideas.invalid_score', async (score) => {
      const idea = await createIdea(otherMember);
      expect(await errorOf(vote(member, idea.id, score))).toEqual({ code: '22023', message: 'ideas.invalid_score' });
      expect((await ideaRow(idea.id))?.votes_count).toBe(0);
    });

    it('refuses voting in another member’s name with auth.forbidden', async () => {
      const idea = await createIdea(member);
      expect(await errorOf(vote(member, idea.id, 5, otherMember.id))).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect((await ideaRow(idea.id))?.votes_count).toBe(0);
    });

    it('refuses an unknown idea with ideas.not_found', async () => {
      expect(await errorOf(vote(member, '00000000-0000-4000-8000-000000000000', 5))).toEqual({
        code: 'P0002',
        message: 'ideas.not_found',
      });
    });

    it('is not callable by anon', async () => {
      const idea = await createIdea(member);
      expect(
        await sqlState(queryAs('anon', 'select * from public.vote_for_idea($1, $2, 5)', [idea.id, member.id])),
      ).toBe('42501');
    });

    it('accepts exactly one of 10 parallel votes by one member', async () => {
      const idea = await createIdea(otherMember);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => vote(member, idea.id, (i % 5) + 1)),
      );
      const fulfilled = results.filter((result) => result.status === 'fulfilled');
      const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(fulfilled).toHaveLength(1);
      expect(rejected.map((result) => (result.reason as Error).message)).toEqual(Array(9).fill('ideas.already_voted'));
      const winner = (fulfilled[0] as PromiseFulfilledResult<{ user_vote: number }[]>).value[0]!.user_vote;
      const { rows } = await admin().query<{ n: string }>(
        'select count(*) as n from public.idea_votes where idea_id = $1',
        [idea.id],
      );
      expect(rows[0]!.n).toBe('1');
      expect(await ideaRow(idea.id)).toMatchObject({ votes_count: 1, score: `${winner}.00` });
    });

    it('counts 50 parallel votes of 50 members exactly (count and average)', async () => {
      const idea = await createIdea(member);
      const voters = await Promise.all(Array.from({ length: 50 }, () => createMember()));
      const scores = voters.map((_, i) => (i < 17 ? 5 : (i % 4) + 1));
      const results = await Promise.allSettled(voters.map((voter, i) => vote(voter, idea.id, scores[i]!)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const sum = scores.reduce((a, b) => a + b, 0);
      const expected = (Math.round((sum * 100) / 50) / 100).toFixed(2);
      expect(await ideaRow(idea.id)).toMatchObject({ votes_count: 50, score: expected });
      const { rows } = await admin().query<{ n: string; s: string }>(
        'select count(*) as n, sum(score) as s from public.idea_votes where idea_id = $1',
        [idea.id],
      );
      expect(rows[0]).toEqual({ n: '50', s: String(sum) });
    });
  });

  describe('has_voted_for_idea', () => {
    it('tells the caller whether they voted', async () => {
      const idea = await createIdea(otherMember);
      const hasVoted = () =>
        queryAs<{ voted: boolean }>(member, 'select public.has_voted_for_idea($1, $2) as voted', [idea.id, member.id]);
      expect(await hasVoted()).toEqual([{ voted: false }]);
      await vote(member, idea.id, 4);
      expect(await hasVoted()).toEqual([{ voted: true }]);
    });

    it('refuses asking about someone else with auth.forbidden, and anon entirely', async () => {
      const idea = await createIdea(member);
      await addVote(idea.id, otherMember, 3);
      expect(
        await errorOf(queryAs(member, 'select public.has_voted_for_idea($1, $2)', [idea.id, otherMember.id])),
      ).toEqual({
        code: '42501',
        message: 'auth.forbidden',
      });
      expect(
        await sqlState(queryAs('anon', 'select public.has_voted_for_idea($1, $2)', [idea.id, otherMember.id])),
      ).toBe('42501');
    });
  });

  describe('idea_comments', () => {
    it('lets members comment, read all comments and keeps comments_count', async () => {
      const idea = await createIdea(otherMember);
      const [mine] = await queryAs<{ id: string; user_id: string }>(
        member,
        'insert into public.idea_comments (idea_id, content) values ($1, $2) returning id, user_id',
        [idea.id, 'Świetny pomysł'],
      );
      expect(mine!.user_id).toBe(member.id);
      await queryAs(otherMember, 'insert into public.idea_comments (idea_id, user_id, content) values ($1, $2, $3)', [
        idea.id,
        otherMember.id,
        'Dzięki',
      ]);
      expect((await ideaRow(idea.id))?.comments_count).toBe(2);
      const rows = await queryAs<{ content: string }>(
        adminUser,
        'select content from public.idea_comments where idea_id = $1 order by created_at',
        [idea.id],
      );
      expect(rows.map((row) => row.content)).toEqual(['Świetny pomysł', 'Dzięki']);
    });

    it('denies commenting as someone else, blank or too long comments, and anon', async () => {
      const idea = await createIdea(otherMember);
      const insert = (actor: TestUser | 'anon', userId: string, content: string) =>
        queryAs(actor, 'insert into public.idea_comments (idea_id, user_id, content) values ($1, $2, $3)', [
          idea.id,
          userId,
          content,
        ]);
      expect(await sqlState(insert(member, otherMember.id, 'Podszywam się'))).toBe('42501');
      expect(await sqlState(insert(member, member.id, ' \n\t '))).toBe('23514');
      expect(await sqlState(insert(member, member.id, 'x'.repeat(2001)))).toBe('23514');
      expect(await sqlState(insert('anon', member.id, 'Anonim'))).toBe('42501');
      expect(await sqlState(queryAs('anon', 'select * from public.idea_comments'))).toBe('42501');
      expect((await ideaRow(idea.id))?.comments_count).toBe(0);
    });

    it('lets the author delete their comment, not another member’s; admins delete any', async () => {
      const idea = await createIdea(otherMember);
      const mine = await addIdeaComment(idea.id, member);
      const theirs = await addIdeaComment(idea.id, otherMember);
      const third = await addIdeaComment(idea.id, otherMember);
      expect((await ideaRow(idea.id))?.comments_count).toBe(3);
      expect(await queryAs(member, 'delete from public.idea_comments where id = $1 returning id', [theirs.id])).toEqual(
        [],
      );
      expect(await queryAs(member, 'delete from public.idea_comments where id = $1 returning id', [mine.id])).toEqual([
        { id: mine.id },
      ]);
      expect(
        await queryAs(adminUser, 'delete from public.idea_comments where id = $1 returning id', [third.id]),
      ).toEqual([{ id: third.id }]);
      expect((await ideaRow(idea.id))?.comments_count).toBe(1);
    });

    it('keeps comments_count exact under 20 parallel comments on one idea (no deadlock)', async () => {
      const idea = await createIdea(otherMember);
      const authors = [member, otherMember, adminUser];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          queryAs(authors[i % 3]!, 'insert into public.idea_comments (idea_id, content) values ($1, $2)', [
            idea.id,
            `Komentarz ${i}`,
          ]),
        ),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      expect((await ideaRow(idea.id))?.comments_count).toBe(20);
    });

    it('cannot be edited by anyone through the API', async () => {
      const idea = await createIdea(otherMember);
      const mine = await addIdeaComment(idea.id, member, 'Oryginał');
      expect(
        await sqlState(queryAs(member, "update public.idea_comments set content = 'Zmiana' where id = $1", [mine.id])),
      ).toBe('42501');
    });
  });

  describe('get_app_ideas', () => {
    it('returns author names (never e-mails), the caller’s vote, counters and the total', async () => {
      const tag = uniqueTag();
      const idea = await createIdea(otherMember, { title: `Board ${tag}` });
      await addVote(idea.id, member, 4);
      await addVote(idea.id, adminUser, 5);
      await addIdeaComment(idea.id, member);
      const [row] = await board(member, { search: tag });
      expect(row).toMatchObject({
        id: idea.id,
        author_full_name: 'Jan Kowalski',
        user_vote: 4,
        score: '4.50',
        votes_count: 2,
        comments_count: 1,
        total_count: '1',
        submitted_by: otherMember.id,
      });
      expect(Object.keys(row!)).not.toContain('email');
      expect(JSON.stringify(row)).not.toContain(otherMember.email);
      const [forOther] = await board(otherMember, { search: tag });
      expect(forOther!.user_vote).toBeNull();
    });

    it('searches title and description case-insensitively, literally, and filters by category', async () => {
      const tag = uniqueTag();
      const inTitle = await createIdea(member, { title: `Kalkulator ${tag.toUpperCase()}`, category: 'business' });
      const inDescription = await createIdea(member, { description: `Opis z ${tag} w środku`, category: 'games' });
      await createIdea(member, { title: 'Coś innego', description: 'bez znacznika' });
      const percent = await createIdea(member, { title: `${tag} 100% darmowe` });
      const ids = (rows: BoardRow[]) => rows.map((row) => row.id).sort();
      expect(ids(await board(member, { search: tag }))).toEqual([inTitle.id, inDescription.id, percent.id].sort());
      expect(ids(await board(member, { search: `  ${tag}  ` }))).toEqual(
        [inTitle.id, inDescription.id, percent.id].sort(),
      );
      expect(ids(await board(member, { search: tag, category: 'business' }))).toEqual([inTitle.id]);
      expect(ids(await board(member, { search: `${tag} 100%` }))).toEqual([percent.id]);
      expect(await board(member, { search: `${tag}%darmowe` })).toEqual([]);
      expect(await board(member, { search: `${tag.slice(0, 4)}_${tag.slice(5)}` })).toEqual([]);
    });

    it('matches Polish letters regardless of case', async () => {
      const tag = uniqueTag();
      const idea = await createIdea(member, { title: `Żółta łódź ${tag}` });
      expect((await board(member, { search: `ŻÓŁTA ŁÓDŹ ${tag}` })).map((row) => row.id)).toEqual([idea.id]);
    });

    it('sorts by date, score, votes and comments with a stable tie-break (newest, then id)', async () => {
      const tag = uniqueTag();
      const base = Date.now() - 3_600_000;
      const a = await createIdea(member, { title: `A ${tag}`, submitted_at: new Date(base + 1000) });
      const b = await createIdea(member, { title: `B ${tag}`, submitted_at: new Date(base + 2000) });
      const c = await createIdea(member, { title: `C ${tag}`, submitted_at: new Date(base + 3000) });
      const d = await createIdea(member, { title: `D ${tag}`, submitted_at: new Date(base + 3000) });
      await addVote(a.id, otherMember, 5);
      await addVote(b.id, otherMember, 2);
      await addVote(b.id, adminUser, 2);
      await addIdeaComment(c.id, otherMember);
      await addIdeaComment(c.id, otherMember);
      await addIdeaComment(a.id, otherMember);
      const [cd1, cd2] = [c.id, d.id].sort().reverse();
      const order = async (sort: string) => (await board(member, { search: tag, sort })).map((row) => row.id);
      expect(await order('date')).toEqual([cd1, cd2, b.id, a.id]);
      expect(await order('score')).toEqual([a.id, b.id, cd1, cd2]);
      expect(await order('votes')).toEqual([b.id, a.id, cd1, cd2]);
      expect(await order('comments')).toEqual([c.id, a.id, d.id, b.id]);
      expect(await order(null as unknown as string)).toEqual([cd1, cd2, b.id, a.id]);
    });

    it('pages with limit and offset and reports the total of the filter', async () => {
      const tag = uniqueTag();
      const created: IdeaRow[] = [];
      for (let i = 0; i < 5; i += 1)
        created.push(await createIdea(member, { title: `${tag} ${i}`, submitted_at: new Date(Date.now() - i * 1000) }));
      const first = await board(member, { search: tag, limit: 2, offset: 0 });
      const third = await board(member, { search: tag, limit: 2, offset: 4 });
      expect(first.map((row) => row.id)).toEqual([created[0]!.id, created[1]!.id]);
      expect(third.map((row) => row.id)).toEqual([created[4]!.id]);
      expect(first.every((row) => row.total_count === '5')).toBe(true);
    });

    it('counts a search’s matches up to 500 (501 = more), still ordering and paging over all of them', async () => {
      const tag = uniqueTag('mass');
      const result = await inSnapshotAs(member, async (query) => {
        // 505 ideas by one author: written by server code (service role), past the members' daily limit.
        await query(
          `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
        );
        await query(
          `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy, submitted_by)
           select 'Masowy ' || $1 || ' ' || g, 'Opis', 'games', 'A', 'M', $2 from generate_series(1, 505) g`,
          [tag, member.id],
        );
        await query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
          JSON.stringify(member.claims),
        ]);
        const page = (offset: number) =>
          query<BoardRow>("select * from public.get_app_ideas($1, null, 'date', 20, $2)", [tag, offset]);
        return { first: await page(0), last: await page(500), none: await page(600) };
      });
      expect(result.first).toHaveLength(20);
      expect(result.first.every((row) => row.total_count === '501')).toBe(true);
      expect(result.last).toHaveLength(5);
      expect(result.none).toEqual([]);
    });

    it('reports the exact total without a search (all ideas, one status, one category)', async () => {
      const [row] = await queryAs<Record<string, string>>(
        member,
        `select (select total_count from public.get_app_ideas(null, null, 'date', 1, 0)) as everything,
                (select count(*) from public.app_ideas) as everything_truth,
                (select total_count from public.get_app_ideas(null, null, 'date', 1, 0, 'pending')) as pending,
                (select count(*) from public.app_ideas where status = 'pending') as pending_truth,
                (select total_count from public.get_app_ideas(null, 'games', 'votes', 1, 0)) as games,
                (select count(*) from public.app_ideas where category = 'games') as games_truth,
                (select total_count from public.get_app_ideas(null, 'games', 'date', 1, 0, 'pending')) as both,
                (select count(*) from public.app_ideas where category = 'games' and status = 'pending') as both_truth`,
      );
      expect(row!.everything).toBe(row!.everything_truth);
      expect(row!.pending).toBe(row!.pending_truth);
      expect(row!.games).toBe(row!.games_truth);
      expect(row!.both).toBe(row!.both_truth);
    });

    it('filters by status (the admin moderation list), combined with search and paging', async () => {
      const tag = uniqueTag();
      const base = Date.now() - 60_000;
      const pendingOld = await createIdea(member, { title: `${tag} a`, submitted_at: new Date(base) });
      const approved = await createIdea(member, { title: `${tag} b`, status: 'approved' });
      const rejected = await createIdea(otherMember, { title: `${tag} c`, status: 'rejected' });
      const pendingNew = await createIdea(otherMember, { title: `${tag} d`, submitted_at: new Date(base + 1000) });
      const ids = (rows: BoardRow[]) => rows.map((row) => row.id);
      const pending = await board(adminUser, { search: tag, status: 'pending' });
      expect(ids(pending)).toEqual([pendingNew.id, pendingOld.id]);
      expect(pending.every((row) => row.total_count === '2' && row.status === 'pending')).toBe(true);
      expect(ids(await board(member, { search: tag, status: 'approved' }))).toEqual([approved.id]);
      expect(ids(await board(member, { search: tag, status: 'rejected' }))).toEqual([rejected.id]);
      expect(await board(member, { search: tag, status: 'pending', limit: 1, offset: 1 })).toMatchObject([
        { id: pendingOld.id, total_count: '2' },
      ]);
      expect(await board(member, { search: tag })).toHaveLength(4);
      expect(await sqlState(board(member, { search: tag, status: 'archived' }))).toBe('22P02');
    });

    it('keeps the old five-argument call working (status defaults to all)', async () => {
      const tag = uniqueTag();
      await createIdea(member, { title: tag, status: 'approved' });
      const rows = await queryAs<BoardRow>(member, "select * from public.get_app_ideas($1, null, 'date', 20, 0)", [
        tag,
      ]);
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ sort: 'popularity' }, '22023', 'ideas.invalid_sort'],
      [{ limit: 0 }, '22023', 'ideas.invalid_page'],
      [{ limit: 101 }, '22023', 'ideas.invalid_page'],
      [{ limit: null }, '22023', 'ideas.invalid_page'],
      [{ offset: -1 }, '22023', 'ideas.invalid_page'],
      [{ search: 'x'.repeat(201) }, '22023', 'ideas.invalid_search'],
    ])('rejects %o with %s %s', async (args, code, message) => {
      expect(await errorOf(board(member, args))).toEqual({ code, message });
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.get_app_ideas()'))).toBe('42501');
    });

    it('serves a board page from the sort indexes (no full sort of app_ideas)', async () => {
      const { rows } = await admin().query<{ 'QUERY PLAN': string }>(
        `explain (costs off) select i.id from public.app_ideas i order by i.score desc, i.submitted_at desc, i.id desc limit 20`,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('app_ideas_score_idx');
    });
  });

  describe('get_idea_comments', () => {
    it('returns the comments oldest first with author names', async () => {
      const idea = await createIdea(otherMember);
      await addIdeaComment(idea.id, otherMember, 'Drugi', new Date(Date.now() - 1000));
      await addIdeaComment(idea.id, member, 'Pierwszy', new Date(Date.now() - 5000));
      const rows = await queryAs<{ content: string; author_full_name: string; user_id: string }>(
        member,
        'select content, author_full_name, user_id from public.get_idea_comments($1)',
        [idea.id],
      );
      expect(rows).toEqual([
        { content: 'Pierwszy', author_full_name: 'Anna Nowak', user_id: member.id },
        { content: 'Drugi', author_full_name: 'Jan Kowalski', user_id: otherMember.id },
      ]);
    });

    it('refuses an unknown idea with ideas.not_found and anon entirely', async () => {
      expect(
        await errorOf(
          queryAs(member, 'select * from public.get_idea_comments($1)', ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toEqual({
        code: 'P0002',
        message: 'ideas.not_found',
      });
      expect(
        await sqlState(
          queryAs('anon', 'select * from public.get_idea_comments($1)', ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toBe('42501');
    });
  });

  describe('get_idea_stats', () => {
    it('counts approved and pending ideas and ranks the five top categories (what the table holds)', async () => {
      const ideas = await Promise.all(
        ['lifestyle', 'lifestyle', 'lifestyle', 'games', 'education'].map((category) =>
          createIdea(member, { category }),
        ),
      );
      await queryAs(adminUser, 'select public.admin_set_idea_status($1, $2)', [ideas[0]!.id, 'approved']);
      await queryAs(adminUser, 'select public.admin_set_idea_status($1, $2)', [ideas[2]!.id, 'rejected']);
      await queryAs(adminUser, 'select public.admin_delete_idea($1)', [ideas[4]!.id]);
      // One statement, one snapshot: the RPC's answer and counts over the table itself.
      const [row] = await queryAs<Record<string, unknown>>(
        member,
        `select s.approved_count, s.pending_count, s.rejected_count, s.total_count, s.top_categories,
                (select count(*) from public.app_ideas i where i.status = 'approved') as approved_truth,
                (select count(*) from public.app_ideas i where i.status = 'pending') as pending_truth,
                (select count(*) from public.app_ideas i where i.status = 'rejected') as rejected_truth,
                (select count(*) from public.app_ideas i) as total_truth,
                (select jsonb_agg(jsonb_build_object('category', t.category, 'count', t.n) order by t.n desc, t.category)
                   from (select i.category::text as category, count(*) as n from public.app_ideas i
                          group by i.category order by count(*) desc, i.category::text limit 5) t) as top_truth
           from public.get_idea_stats() s`,
      );
      expect(row).toMatchObject({
        approved_count: row!.approved_truth,
        pending_count: row!.pending_truth,
        rejected_count: row!.rejected_truth,
        total_count: row!.total_truth,
      });
      expect(row!.top_categories).toEqual(row!.top_truth);
      expect(Number(row!.approved_count)).toBeGreaterThan(0);
      expect((row!.top_categories as unknown[]).length).toBeGreaterThan(0);
    });

    it('is not callable by anon', async () => {
      expect(await sqlState(queryAs('anon', 'select * from public.get_idea_stats()'))).toBe('42501');
    });
  });

  describe('admin_set_idea_status', () => {
    const setStatus = (actor: TestUser, id: string, status: string | null) =>
      queryAs<{ id: string; status: string }>(actor, 'select id, status from public.admin_set_idea_status($1, $2)', [
        id,
        status,
      ]);

    it('lets an admin approve or reject a pending idea', async () => {
      const one = await createIdea(member);
      const two = await createIdea(member);
      expect(await setStatus(adminUser, one.id, 'approved')).toEqual([{ id: one.id, status: 'approved' }]);
      expect(await setStatus(adminUser, two.id, 'rejected')).toEqual([{ id: two.id, status: 'rejected' }]);
      expect((await ideaRow(one.id))?.status).toBe('approved');
    });

    it('refuses members (even the author) with ideas.admin_only', async () => {
      const idea = await createIdea(member);
      expect(await errorOf(setStatus(member, idea.id, 'approved'))).toEqual({
        code: '42501',
        message: 'ideas.admin_only',
      });
      expect((await ideaRow(idea.id))?.status).toBe('pending');
      expect(
        await sqlState(queryAs('anon', 'select public.admin_set_idea_status($1, $2)', [idea.id, 'approved'])),
      ).toBe('42501');
    });

    it('refuses pending or no status, unknown ideas and reviewed ideas', async () => {
      const idea = await createIdea(member);
      expect(await errorOf(setStatus(adminUser, idea.id, 'pending'))).toEqual({
        code: '22023',
        message: 'ideas.invalid_status',
      });
      expect(await errorOf(setStatus(adminUser, idea.id, null))).toEqual({
        code: '22023',
        message: 'ideas.invalid_status',
      });
      expect(await errorOf(setStatus(adminUser, '00000000-0000-4000-8000-000000000000', 'approved'))).toEqual({
        code: 'P0002',
        message: 'ideas.not_found',
      });
      await setStatus(adminUser, idea.id, 'rejected');
      expect(await errorOf(setStatus(adminUser, idea.id, 'approved'))).toEqual({
        code: 'P0001',
        message: 'ideas.already_reviewed',
      });
      expect((await ideaRow(idea.id))?.status).toBe('rejected');
    });
  });

  describe('admin_delete_idea', () => {
    it('refuses while an image is still stored (ideas.images_remaining) and keeps everything', async () => {
      const [one, two] = [await storeIdeaImage(member), await storeIdeaImage(member)];
      const idea = await createIdea(member, { image_urls: [one.url, two.url] });
      await addVote(idea.id, otherMember, 4);
      await removeStoredObjects('idea-images', [one.path]);
      expect(await errorOf(queryAs(adminUser, 'select public.admin_delete_idea($1)', [idea.id]))).toEqual({
        code: 'P0001',
        message: 'ideas.images_remaining',
      });
      expect(await ideaRow(idea.id)).toMatchObject({ votes_count: 1, image_urls: [one.path, two.path] });
    });

    it('deletes the idea with its votes and comments once its images are removed, returning their paths', async () => {
      const [one, two] = [await storeIdeaImage(member), await storeIdeaImage(member, { ext: 'webp' })];
      const idea = await createIdea(member, { image_urls: [one.url, two.url] });
      await addVote(idea.id, otherMember, 4);
      await addIdeaComment(idea.id, otherMember);
      await removeStoredObjects('idea-images', [one.path, two.path]);
      const [row] = await queryAs<{ paths: string[] }>(adminUser, 'select public.admin_delete_idea($1) as paths', [
        idea.id,
      ]);
      expect(row!.paths).toEqual([one.path, two.path]);
      expect(await ideaRow(idea.id)).toBeUndefined();
      const { rows } = await admin().query(
        'select (select count(*) from public.idea_votes where idea_id = $1) as votes, (select count(*) from public.idea_comments where idea_id = $1) as comments',
        [idea.id],
      );
      expect(rows[0]).toEqual({ votes: '0', comments: '0' });
    });

    it('deletes an idea without images at once', async () => {
      const idea = await createIdea(member);
      expect(await queryAs(adminUser, 'select public.admin_delete_idea($1) as paths', [idea.id])).toEqual([
        { paths: [] },
      ]);
      expect(await ideaRow(idea.id)).toBeUndefined();
    });

    it('refuses members with ideas.admin_only (the spec: only administrators can delete ideas)', async () => {
      const idea = await createIdea(member);
      expect(await errorOf(queryAs(member, 'select public.admin_delete_idea($1)', [idea.id]))).toEqual({
        code: '42501',
        message: 'ideas.admin_only',
      });
      expect(await ideaRow(idea.id)).toBeDefined();
      expect(await sqlState(queryAs('anon', 'select public.admin_delete_idea($1)', [idea.id]))).toBe('42501');
    });

    it('refuses an unknown idea with ideas.not_found', async () => {
      expect(
        await errorOf(
          queryAs(adminUser, 'select public.admin_delete_idea($1)', ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toEqual({
        code: 'P0002',
        message: 'ideas.not_found',
      });
    });
  });

  describe("get_app_ideas: 'Moje pomysły'", () => {
    it("lists only the caller's own ideas, with their count, searched and filtered too", async () => {
      const tag = uniqueTag();
      const own = await createIdea(otherMember, { title: `Mój pomysł ${tag}` });
      const ownGame = await createIdea(otherMember, { title: `Moja gra ${tag}`, category: 'games' });
      await createIdea(member, { title: `Cudzy pomysł ${tag}` });
      const mine = await board(otherMember, { mine: true, limit: 100 });
      expect(mine.every((row) => row.submitted_by === otherMember.id)).toBe(true);
      expect(mine.map((row) => row.id)).toEqual(expect.arrayContaining([own.id, ownGame.id]));
      expect(Number(mine[0]!.total_count)).toBe(mine.length);
      const searched = await board(otherMember, { mine: true, search: tag });
      expect(searched.map((row) => row.id).sort()).toEqual([own.id, ownGame.id].sort());
      const games = await board(otherMember, { mine: true, search: tag, category: 'games' });
      expect(games.map((row) => row.id)).toEqual([ownGame.id]);
      expect(await board(member, { mine: true, search: `Mój pomysł ${tag}` })).toEqual([]);
    });
  });

  describe('withdraw_idea', () => {
    const withdraw = (actor: TestUser | 'anon', ideaId: string) =>
      queryAs<{ paths: string[] }>(actor, 'select public.withdraw_idea($1) as paths', [ideaId]);

    it('lets the author withdraw a pending idea with its votes and comments, returning its image paths', async () => {
      const [one, two] = [await storeIdeaImage(member), await storeIdeaImage(member)];
      const idea = await createIdea(member, { image_urls: [one.url, two.url] });
      await addVote(idea.id, otherMember, 5);
      await addIdeaComment(idea.id, otherMember);
      expect(await withdraw(member, idea.id)).toEqual([{ paths: [one.path, two.path] }]);
      expect(await ideaRow(idea.id)).toBeUndefined();
      // The files are the author's to remove now: no idea refers to them any more.
      const removed = await queryAs(
        member,
        `delete from storage.objects where bucket_id = 'idea-images' and name = any($1) returning name`,
        [[one.path, two.path]],
      );
      expect(removed).toHaveLength(2);
    });

    it("refuses another member's idea and an admin who is not its author (ideas.not_own), and anon", async () => {
      const idea = await createIdea(member);
      expect(await errorOf(withdraw(otherMember, idea.id))).toEqual({ code: '42501', message: 'ideas.not_own' });
      expect(await errorOf(withdraw(adminUser, idea.id))).toEqual({ code: '42501', message: 'ideas.not_own' });
      expect(await sqlState(withdraw('anon', idea.id))).toBe('42501');
      expect(await ideaRow(idea.id)).toBeDefined();
    });

    it('refuses an idea already decided on (ideas.not_pending), and an unknown one', async () => {
      for (const status of ['approved', 'rejected']) {
        const idea = await createIdea(member);
        await admin().query('update public.app_ideas set status = $2 where id = $1', [idea.id, status]);
        expect(await errorOf(withdraw(member, idea.id))).toEqual({ code: 'P0001', message: 'ideas.not_pending' });
        expect(await ideaRow(idea.id)).toBeDefined();
      }
      expect(await errorOf(withdraw(member, '00000000-0000-4000-8000-000000000000'))).toEqual({
        code: 'P0002',
        message: 'ideas.not_found',
      });
    });

    it('leaves members without a direct delete on app_ideas', async () => {
      const idea = await createIdea(member);
      expect(await queryAs(member, 'delete from public.app_ideas where id = $1 returning id', [idea.id])).toEqual([]);
      expect(await ideaRow(idea.id)).toBeDefined();
    });
  });
});

// Issue 21, the second attack run: each rule here was missing before that review.
describe('security review', () => {
  checkLedgerAfterEachTest();

  describe('security review (issue 21)', () => {
    let member: TestUser;

    let otherMember: TestUser;

    let adminUser: TestUser;

    beforeAll(async () => {
      member = await createMember({ fullName: 'Anna Nowak' });
      otherMember = await createMember({ fullName: 'Jan Kowalski' });
      adminUser = await createAdmin({ fullName: 'Ewa Zarząd' });
    });

    describe('1. idea images keep no host', () => {
      it('stores the object path of an image given by URL, whatever host the URL named', async () => {
        const image = await storeIdeaImage(member);
        const idea = await createIdea(member, {
          image_urls: [`https://attacker.example/storage/v1/object/public/idea-images/${image.path}`],
        });
        expect((await ideaRow(idea.id))!.image_urls).toEqual([image.path]);
      });

      it('accepts bare object paths of the author’s folder and nothing else', async () => {
        const image = await storeIdeaImage(member);
        const idea = await createIdea(member, { image_urls: [image.path] });
        expect((await ideaRow(idea.id))!.image_urls).toEqual([image.path]);
        const theirs = await storeIdeaImage(otherMember);
        await expect(createIdea(member, { image_urls: [theirs.path] })).rejects.toThrow('ideas.invalid_image');
        await expect(createIdea(member, { image_urls: ['https://attacker.example/x.png'] })).rejects.toThrow(
          'ideas.invalid_image',
        );
      });
    });

    describe('2. images of an idea are immutable for their author', () => {
      it('refuses the author’s update and delete of a referenced object, allows them for an unused one', async () => {
        const used = await storeIdeaImage(member);
        const unused = await storeIdeaImage(member);
        await createIdea(member, { image_urls: [used.path] });
        const remove = (path: string) =>
          queryAs(member, "delete from storage.objects where bucket_id = 'idea-images' and name = $1 returning name", [
            path,
          ]);
        const replace = (path: string) =>
          queryAs(
            member,
            "update storage.objects set metadata = '{\"size\": 1}'::jsonb where bucket_id = 'idea-images' and name = $1 returning name",
            [path],
          );
        expect(await replace(used.path)).toEqual([]);
        expect(await remove(used.path)).toEqual([]);
        const { rows } = await admin().query(
          "select 1 from storage.objects where bucket_id = 'idea-images' and name = $1",
          [used.path],
        );
        expect(rows).toHaveLength(1);
        expect(await replace(unused.path)).toEqual([{ name: unused.path }]);
        expect(await remove(unused.path)).toEqual([{ name: unused.path }]);
      });

      it('still lets an admin remove a referenced object (deleting the idea takes its images)', async () => {
        const used = await storeIdeaImage(member);
        await createIdea(member, { image_urls: [used.path] });
        expect(
          await queryAs(
            adminUser,
            "delete from storage.objects where bucket_id = 'idea-images' and name = $1 returning name",
            [used.path],
          ),
        ).toEqual([{ name: used.path }]);
      });
    });
  });
});

// Issue 21, items 9 and 10: per-member rate limits in SQL (a PostgREST array insert counts row by
// row), notification preferences of known keys only, and the idea-webhook's atomic claim.
const insertIdeas = (actor: TestUser, count: number) =>
  queryAs(
    actor,
    `insert into public.app_ideas (title, description, category, target_audience, monetization_strategy)
     select 'Pomysł ' || g, 'Opis', 'games', 'Gracze', 'Reklamy' from generate_series(1, $1) g returning id`,
    [count],
  );

const countOf = async (sql: string, params: unknown[]) =>
  Number((await admin().query<{ n: string }>(sql, params)).rows[0]!.n);

describe('volume limits (issue 21)', () => {
  let member: TestUser;
  let otherMember: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
  });

  it('10 new ideas a day per member, then "ideas.daily_limit"; others are not affected', async () => {
    const author = await createMember();
    expect(await insertIdeas(author, 10)).toHaveLength(10);
    expect(await errorOf(insertIdeas(author, 1))).toEqual({ code: 'P0001', message: 'ideas.daily_limit' });
    expect(await insertIdeas(otherMember, 1)).toHaveLength(1);
  });

  it('counts submissions, not ideas that still exist: withdrawing and resubmitting does not reset the limit (issue 40)', async () => {
    const author = await createMember();
    const ids = (await insertIdeas(author, 10)) as { id: string }[];
    for (const { id } of ids.slice(0, 3)) {
      await queryAs(author, 'select public.withdraw_idea($1)', [id]);
    }
    await admin().query('delete from public.app_ideas where id = $1', [ids[3]!.id]);
    expect(await countOf('select count(*) as n from public.app_ideas where submitted_by = $1', [author.id])).toBe(6);
    expect(await errorOf(insertIdeas(author, 1))).toEqual({ code: 'P0001', message: 'ideas.daily_limit' });
    // A submission older than a day no longer counts.
    await admin().query(
      `update private.idea_submissions set submitted_at = now() - interval '25 hours'
        where id = (select min(id) from private.idea_submissions where user_id = $1)`,
      [author.id],
    );
    expect(await insertIdeas(author, 1)).toHaveLength(1);
    expect(await errorOf(insertIdeas(author, 1))).toEqual({ code: 'P0001', message: 'ideas.daily_limit' });
    expect(await sqlState(queryAs(author, 'select count(*) from private.idea_submissions'))).toBe('42501');
  });

  it('one array insert of 200 idea comments is refused whole (20 an hour)', async () => {
    const commenter = await createMember();
    const idea = await createIdea(member);
    const comment = (count: number) =>
      queryAs(
        commenter,
        `insert into public.idea_comments (idea_id, user_id, content)
         select $1, $2, 'Komentarz ' || g from generate_series(1, $3) g returning id`,
        [idea.id, commenter.id, count],
      );
    expect(await errorOf(comment(200))).toEqual({ code: 'P0001', message: 'ideas.comment_rate_limited' });
    expect(await countOf('select count(*) as n from public.idea_comments where idea_id = $1', [idea.id])).toBe(0);
    expect(await comment(20)).toHaveLength(20);
    expect(await errorOf(comment(1))).toEqual({ code: 'P0001', message: 'ideas.comment_rate_limited' });
  });

  it('claim_idea_webhook: one claim per pending idea without feedback; service role only', async () => {
    const idea = await createIdea(member);
    const claim = () =>
      queryAs<{ claimed: boolean }>('service_role', 'select public.claim_idea_webhook($1) as claimed', [idea.id]);
    const results = await Promise.all([claim(), claim(), claim()]);
    expect(results.map(([row]) => row!.claimed).sort()).toEqual([false, false, true]);
    expect(await sqlState(queryAs(member, 'select public.claim_idea_webhook($1)', [idea.id]))).toBe('42501');
    expect(await sqlState(queryAs('anon', 'select public.claim_idea_webhook($1)', [idea.id]))).toBe('42501');
  });
});
