// Storage's two ways into PostgreSQL: as the caller (role and JWT claims set like storage-api and
// PostgREST do, so the project's policies on storage.objects decide) and as the storage owner for
// what storage-api itself reads (buckets, public objects).
import pg from 'pg';
import type { Sql } from '../auth/db.ts';
import { sqlOf } from '../auth/db.ts';

export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
  token: string;
}

export interface StorageDb {
  caller: pg.Pool;
  owner: pg.Pool;
  close(): Promise<void>;
}

export function storageDb(dbPort: number): StorageDb {
  const pool = (user: string) => {
    const created = new pg.Pool({
      connectionString: `postgresql://${user}:postgres@127.0.0.1:${dbPort}/postgres`,
      max: 10,
    });
    created.on('error', () => undefined);
    return created;
  };
  const caller = pool('authenticator');
  const owner = pool('supabase_storage_admin');
  return { caller, owner, close: async () => void (await Promise.all([caller.end(), owner.end()])) };
}

export interface RequestInfo {
  method: string;
  path: string;
  operation: string;
}

/**
 * Runs `fn` in one transaction as the caller. Whatever `fn` does after its SQL (writing the file)
 * happens before the commit, so a failed write rolls the row back. With `rollback`, the transaction
 * is always rolled back (storage-api's testPermission: the policies are asked, nothing is kept).
 */
export async function asCaller<T>(
  db: StorageDb,
  caller: Caller,
  info: RequestInfo,
  fn: (sql: Sql) => Promise<T>,
  { rollback = false }: { rollback?: boolean } = {},
): Promise<T> {
  const client = await db.caller.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.role', $1, true), set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt', $4, true), set_config('request.method', $5, true),
              set_config('request.path', $6, true), set_config('storage.operation', $7, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
        caller.token,
        info.method,
        info.path,
        info.operation,
      ],
    );
    const result = await fn(sqlOf(client));
    await client.query(rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
