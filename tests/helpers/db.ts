// Runs SQL the way PostgREST does for a given actor: one transaction on a connection of the
// `authenticator` role, with `set_config('role', …, true)` and `set_config('request.jwt.claims', …, true)`.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type Claims = {
  sub?: string;
  role: 'anon' | 'authenticated' | 'service_role';
  aud?: string;
  email?: string;
  phone?: string;
  aal?: 'aal1' | 'aal2';
  amr?: { method: string; timestamp: number }[];
  session_id?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  iat?: number;
  exp?: number;
};

export interface TestUser {
  id: string;
  email: string;
  claims: Claims;
}

export type Actor = TestUser | 'anon' | 'service_role';

const pools: pg.Pool[] = [];

function pool(url: string): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 30 });
  pools.push(created);
  return created;
}

let superuserPool: pg.Pool | undefined;
let authenticatorPool: pg.Pool | undefined;

/**
 * Ends the file's connections (tests/setup/per-file.ts, after each test file). The project's files
 * share one module cache (`isolate: false`), so the next file opens new pools.
 */
export async function endPools(): Promise<void> {
  superuserPool = undefined;
  authenticatorPool = undefined;
  await Promise.all(pools.splice(0).map((p) => p.end()));
}

/** The superuser connection: for arranging data and reading the truth behind RLS. */
export function admin(): pg.Pool {
  superuserPool ??= pool(inject('databaseUrl'));
  return superuserPool;
}

/** Connections as PostgREST opens them: role authenticator (NOINHERIT, member of the API roles). */
export function authenticator(): pg.Pool {
  if (!authenticatorPool) {
    const url = new URL(inject('databaseUrl'));
    url.username = 'authenticator';
    url.password = 'postgres';
    authenticatorPool = pool(url.toString());
  }
  return authenticatorPool;
}

export function claimsOf(actor: Actor): Claims {
  const now = Math.floor(Date.now() / 1000);
  if (actor === 'anon') return { role: 'anon', iat: now, exp: now + 3600 };
  if (actor === 'service_role') return { role: 'service_role', iat: now, exp: now + 3600 };
  return actor.claims;
}

/**
 * Runs `fn` inside one transaction as `actor`, exactly as PostgREST would. The transaction commits
 * like a PostgREST request unless `rollback` is set. Errors (e.g. 42501) propagate to the caller.
 */
export async function asActor<T>(
  actor: Actor,
  fn: (
    query: <R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<R[]>,
  ) => Promise<T>,
  { rollback = false }: { rollback?: boolean } = {},
): Promise<T> {
  const client = await authenticator().connect();
  const claims = claimsOf(actor);
  try {
    await client.query('begin');
    await client.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', 'POST', true)",
      [claims.role, JSON.stringify(claims)],
    );
    const result = await fn(async (sql, params) => (await client.query(sql, params)).rows);
    await client.query(rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One statement as `actor`; returns its rows. */
export function queryAs<R extends pg.QueryResultRow = pg.QueryResultRow>(
  actor: Actor,
  sql: string,
  params?: unknown[],
): Promise<R[]> {
  return asActor(actor, (query) => query<R>(sql, params));
}

export interface NewUser {
  email?: string;
  fullName?: string;
  phone?: string;
  admin?: boolean;
  confirmed?: boolean;
  userMetadata?: Record<string, unknown>;
  aal?: 'aal1' | 'aal2';
}

let sequence = 0;

/** Inserts an auth user the way GoTrue does (so the project's triggers run) and returns its claims. */
export async function createUser(input: NewUser = {}): Promise<TestUser> {
  sequence += 1;
  const id = randomUUID();
  const email = (input.email ?? `user-${sequence}-${id.slice(0, 8)}@example.test`).toLowerCase();
  const appMetadata: Record<string, unknown> = { provider: 'email', providers: ['email'] };
  if (input.admin) appMetadata.admin = true;
  const userMetadata = {
    full_name: input.fullName ?? `Test User ${sequence}`,
    phone: input.phone ?? '+48500100200',
    ...input.userMetadata,
  };
  await admin().query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, 'x', $3, $4, $5, now(), now(), false)`,
    [id, email, input.confirmed === false ? null : new Date(), appMetadata, userMetadata],
  );
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    email,
    claims: {
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      phone: '',
      aal: input.aal ?? 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: randomUUID(),
      is_anonymous: false,
      app_metadata: appMetadata,
      user_metadata: userMetadata,
      iat: now,
      exp: now + 3600,
    },
  };
}

export const createMember = (input: NewUser = {}) => createUser({ ...input, admin: false });
/** An admin signed in with their second factor (aal2): every admin right needs it (private.is_admin). */
export const createAdmin = (input: NewUser = {}) => createUser({ aal: 'aal2', ...input, admin: true });

/** A copy of a user whose JWT claims differ (e.g. forged user_metadata, or aal2). */
export function withClaims(user: TestUser, patch: Partial<Claims>): TestUser {
  return { ...user, claims: { ...user.claims, ...patch } };
}

/** Asserts that a promise fails with the given SQLSTATE (42501: insufficient privilege / RLS). */
export async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

/** The SQLSTATE and message of a failed call (undefined when it succeeded): the error contract. */
export async function errorOf(promise: Promise<unknown>): Promise<{ code?: string; message: string } | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const failure = error as { code?: string; message: string };
    return { code: failure.code, message: failure.message };
  }
}

/**
 * A TOTP (or phone) factor as GoTrue's MFA enrol/verify writes it; returns its id. Enrolling inserts
 * an unverified factor; verifying marks it verified and, in the same transaction, raises the session
 * that verified it to aal2 with its factor_id (updateMFASessionAndClaims).
 */
export async function addMfaFactor(
  userId: string,
  { type = 'totp', status = 'verified' }: { type?: 'totp' | 'phone'; status?: 'verified' | 'unverified' } = {},
): Promise<string> {
  const { rows } = await admin().query<{ id: string }>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'factor-' || gen_random_uuid(), $2, 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP') returning id`,
    [userId, type],
  );
  const id = rows[0]!.id;
  if (status === 'verified') await verifyMfaFactor(userId, id);
  return id;
}

/** GoTrue's factor verification: the factor becomes verified and raises a session of the user to aal2. */
export async function verifyMfaFactor(userId: string, factorId: string): Promise<void> {
  await inTransaction(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id",
      [userId],
    );
    await client.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factorId]);
    await client.query("update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1", [
      rows[0]!.id,
      factorId,
    ]);
  });
}

/** GoTrue's unenroll: the factor is deleted and the sessions it raised drop back to aal1. */
export async function removeMfaFactor(factorId: string): Promise<void> {
  await inTransaction(async (client) => {
    await client.query('delete from auth.mfa_factors where id = $1', [factorId]);
    await client.query(
      "update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1",
      [factorId],
    );
  });
}

async function inTransaction(fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await admin().connect();
  try {
    await client.query('begin');
    await fn(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
