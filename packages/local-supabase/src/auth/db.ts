// Database access of the emulated Auth server. It connects as `supabase_auth_admin`, the role GoTrue
// uses, so the project's triggers on auth.users run exactly as they do on Supabase.
import pg from 'pg';

export type Sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<R[]>;

export function sqlOf(client: pg.Pool | pg.PoolClient): Sql {
  return async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    (await client.query<R>(text, values)).rows;
}

export function authPool(dbPort: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: `postgresql://supabase_auth_admin:postgres@127.0.0.1:${dbPort}/postgres`,
    max: 10,
  });
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(sqlOf(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
