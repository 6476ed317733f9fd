// POST /token?grant_type=password|refresh_token|pkce (GoTrue's Token and tokens.Service).
import { audit } from '../audit.ts';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction, type Sql } from '../db.ts';
import { badRequest, notEmulated, OAuthError, unprocessable, type AuthError } from '../errors.ts';
import { consumeAuthCode } from '../flow-state.ts';
import { str } from '../params.ts';
import { assertStrongPassword, passwordMatches } from '../password.ts';
import { ok, type Reply } from '../reply.ts';
import {
  activeRefreshToken,
  startSession,
  swapRefreshToken,
  tokenResponse,
  type RefreshTokenRow,
  type SessionRow,
} from '../sessions.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, type UserRow } from '../users.ts';

const INVALID_LOGIN = 'Invalid login credentials';

export async function token(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const grant = request.url.searchParams.get('grant_type') ?? '';
  if (['password', 'refresh_token', 'pkce', 'id_token', 'web3', 'anonymous'].includes(grant)) {
    ctx.limits.request('token', request.ip);
  }
  switch (grant) {
    case 'password':
      return passwordGrant(ctx, request);
    case 'refresh_token':
      return refreshTokenGrant(ctx, request);
    case 'pkce':
      return pkceGrant(ctx, request);
    case 'id_token':
    case 'web3':
    case 'anonymous':
      throw notEmulated(`POST /token?grant_type=${grant}`);
    default:
      throw new OAuthError('unsupported_grant_type', '');
  }
}

async function passwordGrant(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const { config } = ctx;
  verifyCaptcha(config, request.body);
  const email = str(request.body, 'email');
  const phone = str(request.body, 'phone');
  const password = str(request.body, 'password');
  if (email && phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!config.email.enabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const user = await findUserByEmail(sqlOf(ctx.pool), email);
  if (!user) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await passwordMatches(password, user.encrypted_password)))
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await transaction(ctx.pool, async (sql) => {
    await audit(ctx, sql, request, user, 'login', { traits: { provider: 'email' } });
    return startSession(ctx, sql, user, 'password', request);
  });
  return ok({ ...session, ...weakPasswordNotice(ctx, password) });
}

/** A correct password that no longer meets the rules still signs in, with `weak_password` set. */
function weakPasswordNotice(ctx: AuthContext, password: string) {
  try {
    assertStrongPassword(ctx.config, password);
    return {};
  } catch (error) {
    const weak = error as AuthError;
    return { weak_password: { message: weak.message, reasons: weak.weakPasswordReasons ?? [] } };
  }
}

async function pkceGrant(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const authCode = str(request.body, 'auth_code');
  const verifier = str(request.body, 'code_verifier');
  if (!authCode || !verifier) {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  }
  return transaction(ctx.pool, async (sql) => {
    const flow = await consumeAuthCode(sql, authCode, verifier);
    const user = await findUserById(sql, flow.user_id as string);
    if (!user) throw badRequest('user_not_found', 'User not found');
    await audit(ctx, sql, request, user, 'login', { traits: { provider_type: flow.provider_type } });
    return ok(await startSession(ctx, sql, user, flow.authentication_method, request));
  });
}

/** Thrown after the transaction commits (the token family must stay revoked). */
class CommitThenFail extends Error {
  constructor(readonly failure: AuthError) {
    super(failure.message);
  }
}

async function refreshTokenGrant(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const presented = str(request.body, 'refresh_token');
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await transaction(ctx.pool, async (sql) => {
    const { token, user, session } = await loadRefreshToken(sql, presented);
    assertSessionValid(ctx, session, token);
    const issued = await rotate(ctx, sql, request, token, user, session);
    if (issued instanceof CommitThenFail) return issued;
    return tokenResponse(ctx, sql, user, session.id, issued);
  });
  if (outcome instanceof CommitThenFail) throw outcome.failure;
  return ok(outcome);
}

async function loadRefreshToken(sql: Sql, presented: string) {
  const [token] = await sql<RefreshTokenRow>('select * from auth.refresh_tokens where token = $1 for update', [
    presented,
  ]);
  const user = token ? await findUserById(sql, token.user_id) : undefined;
  if (!token || !user) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  const [session] = token.session_id
    ? await sql<SessionRow>('select * from auth.sessions where id = $1 for update', [token.session_id])
    : [];
  if (!session) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  return { token, user: user as UserRow, session };
}

function assertSessionValid(ctx: AuthContext, session: SessionRow, token: RefreshTokenRow): void {
  const now = Date.now();
  const { timebox, inactivityTimeout } = ctx.config.sessions;
  const expired =
    (session.not_after && session.not_after.getTime() < now) ||
    (timebox !== null && session.created_at.getTime() + timebox * 1000 < now);
  if (expired) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
  const lastActive = Math.max(session.created_at.getTime(), token.updated_at.getTime());
  if (inactivityTimeout !== null && lastActive + inactivityTimeout * 1000 < now) {
    throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
  }
}

/**
 * The new refresh token. A revoked token is accepted only as the parent of the session's active
 * token (the client lost the last answer: the active token is returned again) or within
 * refresh_token_reuse_interval; otherwise the whole token family is revoked and the call fails.
 * Audit (tokens/service.go): token_refreshed for every accepted token, then token_revoked for the
 * swap (models.GrantRefreshTokenSwap); a refused reuse writes none.
 */
async function rotate(
  ctx: AuthContext,
  sql: Sql,
  request: AuthRequest,
  token: RefreshTokenRow,
  user: UserRow,
  session: SessionRow,
): Promise<string | CommitThenFail> {
  if (token.revoked) {
    const active = await activeRefreshToken(sql, session.id);
    if (active && active.parent === token.token) {
      await audit(ctx, sql, request, user, 'token_refreshed');
      return active.token;
    }
    const reuseUntil = token.updated_at.getTime() + ctx.config.refreshTokenReuseInterval * 1000;
    if (Date.now() > reuseUntil) {
      if (ctx.config.refreshTokenRotation) {
        await sql('update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false', [
          session.id,
        ]);
      }
      ctx.log.warn('auth', `refresh token reused after the reuse interval: session ${session.id} revoked`);
      return new CommitThenFail(badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'));
    }
  }
  await audit(ctx, sql, request, user, 'token_refreshed');
  await audit(ctx, sql, request, user, 'token_revoked');
  return (await swapRefreshToken(sql, token, session.id)).token;
}
