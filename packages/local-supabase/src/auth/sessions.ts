// Sessions (auth.sessions), rotating refresh tokens (auth.refresh_tokens), authentication method
// claims (auth.mfa_amr_claims) and the session JSON every sign-in returns.
import { randomInt, randomUUID } from 'node:crypto';
import type { AuthContext, AuthRequest } from './context.ts';
import type { Sql } from './db.ts';
import { signAccessToken, type AmrEntry } from './jwt.ts';
import { userJson, type UserJson, type UserRow } from './users.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date | null;
  factor_id: string | null;
  aal: 'aal1' | 'aal2' | null;
  not_after: Date | null;
  refreshed_at: Date | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

const MFA_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);
const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function newRefreshTokenValue(): string {
  let token = '';
  for (let index = 0; index < 12; index += 1) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

export async function findSession(sql: Sql, id: string): Promise<SessionRow | undefined> {
  const rows = await sql<SessionRow>('select * from auth.sessions where id = $1', [id]);
  return rows[0];
}

async function insertRefreshToken(sql: Sql, userId: string, sessionId: string, parent: string | null) {
  const [row] = await sql<RefreshTokenRow>(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
      values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4) returning *`,
    [newRefreshTokenValue(), userId, parent, sessionId],
  );
  return row as RefreshTokenRow;
}

export async function addAmrClaim(sql: Sql, sessionId: string, method: string): Promise<void> {
  await sql(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
      values ($1, now(), now(), $2, gen_random_uuid())
      on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** GoTrue's CalculateAALAndAMR: aal2 once a second factor was verified, methods newest first. */
export async function sessionAssurance(
  sql: Sql,
  sessionId: string,
): Promise<{ aal: 'aal1' | 'aal2'; amr: AmrEntry[] }> {
  const claims = await sql<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  );
  const amr = [...claims]
    .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime())
    .map((claim) => ({
      method: claim.authentication_method,
      timestamp: Math.floor(claim.updated_at.getTime() / 1000),
    }));
  const aal = claims.some((claim) => MFA_METHODS.has(claim.authentication_method)) ? 'aal2' : 'aal1';
  return { aal, amr };
}

/** Signs an access token for the session and returns the session JSON. */
export async function tokenResponse(
  ctx: AuthContext,
  sql: Sql,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<TokenResponse> {
  const { aal, amr } = await sessionAssurance(sql, sessionId);
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpiry;
  const accessToken = await signAccessToken({
    iss: ctx.config.jwtIssuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(sql, user),
  };
}

/** A new session for a sign-in: session row, first refresh token, the method's AMR claim, tokens. */
export async function startSession(
  ctx: AuthContext,
  sql: Sql,
  user: UserRow,
  method: string,
  request: AuthRequest,
): Promise<TokenResponse> {
  const sessionId = randomUUID();
  await sql(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
      values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, request.userAgent, request.ip],
  );
  const token = await insertRefreshToken(sql, user.id, sessionId, null);
  await addAmrClaim(sql, sessionId, method);
  const [signedIn] = await sql<UserRow>(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
    [user.id],
  );
  await sql('update auth.identities set last_sign_in_at = now() where user_id = $1', [user.id]);
  return tokenResponse(ctx, sql, signedIn ?? user, sessionId, token.token);
}

/** Revokes `token` and issues its child (GoTrue's GrantRefreshTokenSwap). */
export async function swapRefreshToken(sql: Sql, token: RefreshTokenRow, sessionId: string): Promise<RefreshTokenRow> {
  await sql('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
  await sql('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
  return insertRefreshToken(sql, token.user_id, sessionId, token.token);
}

/** The newest unrevoked refresh token of a session. */
export async function activeRefreshToken(sql: Sql, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const rows = await sql<RefreshTokenRow>(
    `select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

/** Deletes sessions (their refresh tokens and AMR claims go with them by cascade). */
export async function deleteSessions(
  sql: Sql,
  userId: string,
  scope: { only?: string; except?: string } = {},
): Promise<void> {
  if (scope.only) {
    await sql('delete from auth.sessions where id = $1 and user_id = $2', [scope.only, userId]);
  } else if (scope.except) {
    await sql('delete from auth.sessions where user_id = $1 and id <> $2', [userId, scope.except]);
  } else {
    await sql('delete from auth.sessions where user_id = $1', [userId]);
  }
}
