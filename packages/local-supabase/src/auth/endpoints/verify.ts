// POST /verify (token_hash, or e-mail + OTP) answers with a session; GET /verify (the link in the
// e-mail) redirects to redirect_to with the session in the fragment (implicit) or ?code= (PKCE).
import { audit } from '../audit.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { transaction, type Sql } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { AuthError, badRequest, notEmulated, unprocessable } from '../errors.ts';
import { issueAuthCode, methodForVerifyType } from '../flow-state.ts';
import { str } from '../params.ts';
import { referrer } from '../redirect.ts';
import { ok, seeOther, type Reply } from '../reply.ts';
import { startSession, type TokenResponse } from '../sessions.ts';
import { PKCE_PREFIX, tokenHash } from '../tokens.ts';
import { findUserById, isConfirmed, type UserRow } from '../users.ts';
import {
  changeEmail,
  confirmEmail,
  isEmailVerifyType,
  recoverAccount,
  verifyEmailOtp,
  verifyTokenHash,
  type EmailVerifyType,
  type Verified,
} from '../verification.ts';

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function checkedType(type: string): EmailVerifyType {
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (type === 'sms' || type === 'phone_change') throw notEmulated(`Phone verification (type "${type}")`);
  if (!isEmailVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
  return type;
}

/**
 * Applies the verified token; returns the user to sign in, or undefined after a first e-mail-change
 * link. Audit as verify.go: signupVerify writes user_signedup; recoverVerify user_signedup for an
 * unconfirmed address, else login; emailChangeVerify user_modified once the address moves (the
 * actor is the user as found, with the old address). The session itself is not audited.
 */
async function apply(
  ctx: AuthContext,
  sql: Sql,
  request: AuthRequest,
  verified: Verified,
): Promise<UserRow | undefined> {
  const { user } = verified;
  if (verified.type === 'signup' || verified.type === 'invite') {
    await audit(ctx, sql, request, user, 'user_signedup', { traits: { provider: 'email' } });
    await confirmEmail(sql, user);
  } else if (verified.type === 'recovery' || verified.type === 'magiclink') {
    if (isConfirmed(user)) await audit(ctx, sql, request, user, 'login');
    else await audit(ctx, sql, request, user, 'user_signedup', { traits: { provider: 'email' } });
    await recoverAccount(sql, user);
  } else if (await changeEmail(sql, ctx.config, verified)) {
    await audit(ctx, sql, request, user, 'user_modified');
  } else {
    return undefined;
  }
  return findUserById(sql, user.id);
}

export async function verifyPost(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const params = request.body;
  const type = checkedType(str(params, 'type'));
  const token = str(params, 'token');
  const hash = str(params, 'token_hash');
  const email = str(params, 'email');
  if ((!token && !hash) || (token && hash)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  if (hash && (email || str(params, 'phone') || str(params, 'redirect_to'))) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  if (token && str(params, 'phone')) throw notEmulated('Phone OTP verification');
  if (token && !email) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  }
  const address = token ? validEmailForOtp(email) : '';
  const result = await transaction(ctx.pool, async (sql): Promise<TokenResponse | undefined> => {
    const verified = token
      ? await verifyEmailOtp(sql, ctx.config, type, address, tokenHash(address, token))
      : await verifyTokenHash(sql, ctx.config, type, hash);
    const user = await apply(ctx, sql, request, verified);
    return user ? startSession(ctx, sql, user, 'otp', request) : undefined;
  });
  return ok(result ?? { msg: SINGLE_CONFIRMATION, code: '200' });
}

function validEmailForOtp(email: string): string {
  try {
    return validateEmail(email);
  } catch {
    throw unprocessable('validation_failed', 'Invalid email format');
  }
}

export async function verifyGet(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const token = request.url.searchParams.get('token') ?? '';
  const type = checkedType(request.url.searchParams.get('type') ?? '');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const redirectTo = referrer(ctx.config, request);
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const location = await transaction(ctx.pool, async (sql) => {
      const verified = await verifyTokenHash(sql, ctx.config, type, token);
      const user = await apply(ctx, sql, request, verified);
      if (!user) return withMessage(redirectTo, SINGLE_CONFIRMATION, pkce);
      if (pkce) return withCode(redirectTo, await issueAuthCode(sql, user.id, pkceMethod(verified.type)));
      return withSession(redirectTo, await startSession(ctx, sql, user, 'otp', request), verified.type);
    });
    return seeOther(location);
  } catch (error) {
    if (error instanceof AuthError) return seeOther(withError(redirectTo, error, pkce));
    throw error;
  }
}

function pkceMethod(type: Verified['type']) {
  const method = methodForVerifyType(type);
  if (!method) throw badRequest('validation_failed', 'Unsupported verification type');
  return method;
}

function withCode(redirectTo: string, code: string): string {
  const url = new URL(redirectTo);
  url.searchParams.set('code', code);
  return url.toString();
}

function withSession(redirectTo: string, session: TokenResponse, type: string): string {
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  });
  return `${redirectTo.split('#')[0]}#${fragment.toString()}`;
}

function withMessage(redirectTo: string, message: string, pkce: boolean): string {
  const url = new URL(redirectTo);
  if (pkce) url.searchParams.set('message', message);
  url.hash = new URLSearchParams({ message }).toString();
  return url.toString();
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** GoTrue's prepErrorRedirectURL: error, error_code, error_description in the fragment (and query for PKCE). */
function withError(redirectTo: string, error: AuthError, pkce: boolean): string {
  const url = new URL(redirectTo);
  const params = new URLSearchParams();
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) params.set('error', oauth);
  params.set('error_code', error.code);
  params.set('error_description', error.message);
  if (pkce) for (const [key, value] of params) url.searchParams.set(key, value);
  url.hash = params.toString();
  return url.toString();
}
