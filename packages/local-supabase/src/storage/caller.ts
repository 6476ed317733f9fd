// Who is calling Storage: the verified JWT of the Authorization header (anon key, a user's access
// token or the service-role key), as storage-api's jwt plugin reads it.
import type { IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';
import { bearerToken } from '../http.ts';
import { JWT_KEY } from '../keys.ts';
import type { Caller } from './db.ts';
import { storageErrors } from './errors.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function callerOf(req: IncomingMessage): Promise<Caller> {
  const token = bearerToken(req) ?? '';
  let claims: Record<string, unknown>;
  try {
    claims = (await jwtVerify(token, JWT_KEY, { algorithms: ['HS256'] })).payload;
  } catch (error) {
    throw storageErrors.accessDenied((error as Error).message);
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ROLES.has(role)) throw storageErrors.accessDenied(`role "${role}" is not a Supabase API role`);
  return { role: role as Caller['role'], claims, token };
}
