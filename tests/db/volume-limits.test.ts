// Issue 21, items 9 and 10: per-member rate limits in SQL (a PostgREST array insert counts row by
// row), notification preferences of known keys only, and the idea-webhook's atomic claim.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, createAdmin, createMember, errorOf, queryAs, sqlState, type TestUser } from '../helpers/db.ts';
import { createIdea, createPost } from '../helpers/content-factories.ts';

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
  let adminUser: TestUser;

  beforeAll(async () => {
    member = await createMember();
    otherMember = await createMember();
    adminUser = await createAdmin();
  });

  it('10 new ideas a day per member, then "ideas.daily_limit"; others are not affected', async () => {
    const author = await createMember();
    expect(await insertIdeas(author, 10)).toHaveLength(10);
    expect(await errorOf(insertIdeas(author, 1))).toEqual({ code: 'P0001', message: 'ideas.daily_limit' });
    expect(await insertIdeas(otherMember, 1)).toHaveLength(1);
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

  it('notification preferences: notification types with boolean values only', async () => {
    const set = (value: unknown) =>
      queryAs(member, 'update public.user_settings set notification_preferences = $1 where user_id = $2 returning 1', [
        JSON.stringify(value),
        member.id,
      ]);
    expect(await set({ profit: true, message: false })).toHaveLength(1);
    // The guard trigger answers first with the settings' message key; the check constraint stays behind it.
    const refusal = async (value: unknown) => (await errorOf(set(value)))?.message;
    expect(await refusal({ profit: 'tak' })).toBe('settings.invalid_notification_preferences');
    expect(await refusal({ unknown: true })).toBe('settings.invalid_notification_preferences');
    expect(await refusal({ profit: true, padding: 'x'.repeat(1_000_000) })).toBe(
      'settings.invalid_notification_preferences',
    );
    expect(await refusal([true])).toBe('settings.invalid_notification_preferences');
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
