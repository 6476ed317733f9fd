// GoTrue's requireAuthentication: a verified bearer JWT whose user and session still exist.
import { bearerToken } from '../http.ts';
import type { AuthRequest } from './context.ts';
import type { Sql } from './db.ts';
import { forbidden, unauthorized } from './errors.ts';
import { verifyJwt } from './jwt.ts';
import { findSession, type SessionRow } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

export interface Authenticated {
  user: UserRow;
  session: SessionRow | undefined;
  claims: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function authenticate(sql: Sql, request: AuthRequest): Promise<Authenticated> {
  const token = bearerToken(request.req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token');
  const claims = await verifyJwt(token);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(sql, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  let session: SessionRow | undefined;
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID.test(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(sql, sessionId);
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, session, claims };
}

/** The session's aal as the JWT states it (GoTrue reads the session row; they agree). */
export function isAal2(auth: Authenticated): boolean {
  return auth.session?.aal === 'aal2' || auth.claims.aal === 'aal2';
}

export function isServiceRole(claims: Record<string, unknown>): boolean {
  return claims.role === 'service_role' || claims.role === 'supabase_admin';
}
