// Factories for the content domain (apps, ideas, community, admin content, storage). They arrange
// data as the superuser (behind RLS) so that each test states only what it is about.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { admin, authenticator, claimsOf, type Actor, type TestUser } from './db.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** A unique word to tag rows of one test, so searches and counts see only them. */
export const uniqueTag = (prefix = 'tag') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export interface AppRow {
  id: string;
  name: string;
  category: string;
  created_at: Date;
}

export async function createApp(overrides: Record<string, unknown> = {}): Promise<AppRow> {
  const values = { name: `Aplikacja ${next()}`, description: 'Opis aplikacji', category: 'games', ...overrides };
  const columns = Object.keys(values);
  const { rows } = await admin().query<AppRow>(
    `insert into public.apps (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return rows[0]!;
}

export interface IdeaRow {
  id: string;
  title: string;
  description: string;
  category: string;
  submitted_by: string;
  submitted_at: Date;
  status: 'pending' | 'approved' | 'rejected';
  score: string;
  votes_count: number;
  comments_count: number;
  image_urls: string[];
  webhook_response: string | null;
}

export async function createIdea(author: TestUser, overrides: Record<string, unknown> = {}): Promise<IdeaRow> {
  const n = next();
  const values = {
    title: `Pomysł ${n}`,
    description: `Opis pomysłu ${n}`,
    category: 'productivity',
    target_audience: 'Studenci',
    monetization_strategy: 'Subskrypcja',
    submitted_by: author.id,
    ...overrides,
  };
  const columns = Object.keys(values);
  const { rows } = await admin().query<IdeaRow>(
    `insert into public.app_ideas (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return rows[0]!;
}

/** The public URL the app stores for an object of idea-images (any API host: the path is what counts). */
export const ideaImageUrl = (path: string, origin = 'http://127.0.0.1:54321') =>
  `${origin}/storage/v1/object/public/idea-images/${path}`;

/**
 * An image a member uploaded to their folder of idea-images, as the Storage API leaves it (a row of
 * storage.objects); `folder` puts it elsewhere. Returns its object path and public URL.
 */
export async function storeIdeaImage(
  owner: TestUser,
  options: { folder?: string; bucket?: string; ext?: string } = {},
): Promise<{ path: string; url: string }> {
  const path = `${options.folder ?? owner.id}/${Date.now()}-${next()}-${randomUUID().slice(0, 8)}.${options.ext ?? 'png'}`;
  await admin().query(
    "insert into storage.objects (bucket_id, name, owner_id, version, metadata) values ($1, $2, $3, '1', $4)",
    [options.bucket ?? 'idea-images', path, owner.id, JSON.stringify({ size: 1000, mimetype: 'image/png' })],
  );
  return { path, url: ideaImageUrl(path) };
}

/** Removes stored objects behind RLS (what the Storage API's remove does to storage.objects). */
export async function removeStoredObjects(bucket: string, paths: string[]): Promise<void> {
  await admin().query('delete from storage.objects where bucket_id = $1 and name = any($2)', [bucket, paths]);
}

export async function ideaRow(id: string): Promise<IdeaRow | undefined> {
  const { rows } = await admin().query<IdeaRow>('select * from public.app_ideas where id = $1', [id]);
  return rows[0];
}

/** Inserts a vote behind the API (the statement trigger keeps the idea's score and count). */
export async function addVote(ideaId: string, voter: TestUser, score: number): Promise<void> {
  await admin().query('insert into public.idea_votes (idea_id, user_id, score) values ($1, $2, $3)', [
    ideaId,
    voter.id,
    score,
  ]);
}

export async function addIdeaComment(ideaId: string, author: TestUser, content = 'Komentarz', createdAt?: Date) {
  const { rows } = await admin().query<{ id: string }>(
    'insert into public.idea_comments (idea_id, user_id, content, created_at) values ($1, $2, $3, coalesce($4, now())) returning id',
    [ideaId, author.id, content, createdAt ?? null],
  );
  return rows[0]!;
}

export interface PostRow {
  id: string;
  author_id: string;
  title: string;
  content: string;
  created_at: Date;
}

export async function createPost(author: TestUser, overrides: Record<string, unknown> = {}): Promise<PostRow> {
  const n = next();
  const values = { author_id: author.id, title: `Wpis ${n}`, content: `Treść wpisu ${n}`, ...overrides };
  const columns = Object.keys(values);
  const { rows } = await admin().query<PostRow>(
    `insert into public.posts (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return rows[0]!;
}

export async function addReaction(postId: string, user: TestUser, type: string): Promise<void> {
  await admin().query('insert into public.post_reactions (post_id, user_id, type) values ($1, $2, $3)', [
    postId,
    user.id,
    type,
  ]);
}

export async function addPostComment(postId: string, author: TestUser, content = 'Komentarz', createdAt?: Date) {
  const { rows } = await admin().query<{ id: string }>(
    'insert into public.post_comments (post_id, user_id, content, created_at) values ($1, $2, $3, coalesce($4, now())) returning id',
    [postId, author.id, content, createdAt ?? null],
  );
  return rows[0]!;
}

export async function createAnnouncement(overrides: { content?: string; active?: boolean } = {}) {
  const { rows } = await admin().query<{ id: string; content: string; active: boolean }>(
    'insert into public.announcements (content, active) values ($1, $2) returning id, content, active',
    [overrides.content ?? `Ogłoszenie ${next()}`, overrides.active ?? true],
  );
  return rows[0]!;
}

export interface SmtpRow {
  id: string;
  name: string;
  host: string;
  port: number;
  username: string;
  password: string;
  from_email: string;
  from_name: string;
  is_default: boolean;
  secure: boolean;
}

export async function createSmtpConfig(overrides: Partial<Omit<SmtpRow, 'id' | 'secure'>> = {}): Promise<SmtpRow> {
  const n = next();
  const values = {
    name: `Serwer ${n}`,
    host: `smtp${n}.example.test`,
    port: 587,
    username: `user${n}`,
    password: `sekret-${n}`,
    from_email: `noreply${n}@example.test`,
    from_name: 'Klub',
    is_default: false,
    ...overrides,
  };
  const columns = Object.keys(values);
  const { rows } = await admin().query<SmtpRow>(
    `insert into public.smtp_configs (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  return rows[0]!;
}

export async function createEmailTemplate(overrides: Record<string, unknown> = {}) {
  const values = {
    name: `szablon-${next()}-${randomUUID().slice(0, 6)}`,
    subject: 'Temat',
    html_content: '<p>Cześć {{fname}}</p>',
    text_content: 'Cześć {{fname}}',
    ...overrides,
  };
  const columns = Object.keys(values);
  const { rows } = await admin().query<{ id: string; name: string; smtp_config_id: string | null }>(
    `insert into public.email_templates (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id, name, smtp_config_id`,
    Object.values(values),
  );
  return rows[0]!;
}

type Query = <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>;

/**
 * Like asActor, but in one REPEATABLE READ transaction that is rolled back: every statement sees the
 * same snapshot, so counts taken before and after the test's own changes differ only by them, even
 * while other test files write concurrently.
 */
export async function inSnapshotAs<T>(actor: Actor, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = await authenticator().connect();
  const claims = claimsOf(actor);
  try {
    await client.query('begin isolation level repeatable read');
    await client.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true)",
      [claims.role, JSON.stringify(claims)],
    );
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}
