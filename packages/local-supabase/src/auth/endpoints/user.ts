// GET /user, PUT /user (password, e-mail change, user_metadata), GET /reauthenticate and the
// identity-linking routes (manual linking is disabled in config.toml).
import { audit } from '../audit.ts';
import { authenticate, isAal2, type Authenticated } from '../authenticate.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction, type Sql } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { sendEmailChange, sendReauthentication } from '../emails.ts';
import { badRequest, forbidden, notEmulated, notFound, unauthorized, unprocessable } from '../errors.ts';
import { createFlowState, pkceParams, type PkceParams } from '../flow-state.ts';
import { obj, optionalStr, str } from '../params.ts';
import { assertStrongPassword, hashPassword, passwordMatches } from '../password.ts';
import { ok, type Reply } from '../reply.ts';
import { deleteSessions } from '../sessions.ts';
import { clearAllOneTimeTokens, isExpired, tokenHash } from '../tokens.ts';
import { findUserByEmail, findUserById, loadFactors, mergeMetadata, userJson, type UserRow } from '../users.ts';

export async function getUser(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  if (auth.claims.aud !== (auth.user.aud ?? 'authenticated')) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  return ok(await userJson(sql, auth.user));
}

interface UserUpdate {
  email: string;
  password: string | undefined;
  currentPassword: string | undefined;
  nonce: string;
  data: Record<string, unknown> | undefined;
  pkce: PkceParams | null;
}

function readUpdate(ctx: AuthContext, request: AuthRequest): UserUpdate {
  const params = request.body;
  if (str(params, 'phone')) throw notEmulated('Changing the phone number (PUT /user {phone})');
  if (obj(params, 'app_metadata')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const password = optionalStr(params, 'password');
  if (password !== undefined) assertStrongPassword(ctx.config, password);
  const email = str(params, 'email');
  return {
    email: email ? validateEmail(email) : '',
    password,
    currentPassword: optionalStr(params, 'current_password'),
    nonce: str(params, 'nonce'),
    data: obj(params, 'data'),
    pkce: pkceParams(str(params, 'code_challenge'), str(params, 'code_challenge_method')),
  };
}

export async function updateUser(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  ctx.limits.request('user', request.ip);
  const update = readUpdate(ctx, request);
  const { user } = auth;
  const changesEmail = Boolean(update.email) && update.email !== user.email;
  await assertAal2WhenMfa(sql, auth, Boolean(update.password) || changesEmail);
  if (changesEmail && (await findUserByEmail(sql, update.email))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const newHash = update.password === undefined ? undefined : await newPasswordHash(ctx, auth, update);
  // user.go: user_updated_password with the password, then user_modified for every update.
  await transaction(ctx.pool, async (tx) => {
    if (newHash !== undefined) {
      await storePassword(tx, user, newHash, auth.session?.id);
      await audit(ctx, tx, request, user, 'user_updated_password');
    }
    if (update.data) await storeMetadata(tx, user.id, update.data);
    if (changesEmail) await requestEmailChange(ctx, tx, user.id, update, request);
    // The actor as GoTrue holds it in memory: with the merged user_metadata.
    const metadata = update.data ? mergeMetadata(user.raw_user_meta_data, update.data) : user.raw_user_meta_data;
    await audit(ctx, tx, request, { ...user, raw_user_meta_data: metadata }, 'user_modified');
  });
  const updated = (await findUserById(sql, user.id)) as UserRow;
  return ok(await userJson(sql, updated));
}

async function assertAal2WhenMfa(sql: Sql, auth: Authenticated, sensitive: boolean): Promise<void> {
  if (!sensitive || isAal2(auth)) return;
  const factors = await loadFactors(sql, auth.user.id);
  if (factors.some((factor) => factor.status === 'verified')) {
    throw unauthorized('insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
}

async function newPasswordHash(ctx: AuthContext, auth: Authenticated, update: UserUpdate): Promise<string> {
  const password = update.password ?? '';
  const { user, session } = auth;
  if (ctx.config.email.securePasswordChange && (!session || session.created_at.getTime() < Date.now() - 86_400_000)) {
    if (!update.nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
    const valid =
      user.reauthentication_token === tokenHash(user.email ?? '', update.nonce) &&
      !isExpired(user.reauthentication_sent_at, ctx.config.email.otpExpiry);
    if (!valid) throw badRequest('reauthentication_not_valid', 'Requires reauthentication');
  }
  if (password && user.encrypted_password) {
    if (ctx.config.email.requireCurrentPassword && !(await isRecoverySession(ctx, session))) {
      const current = update.currentPassword ?? '';
      if (!current) throw badRequest('current_password_required', CURRENT_PASSWORD_REQUIRED);
      if (!(await passwordMatches(current, user.encrypted_password))) {
        throw badRequest('current_password_mismatch', CURRENT_PASSWORD_REQUIRED);
      }
    }
    if (await passwordMatches(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
  }
  return hashPassword(ctx.config, password);
}

const CURRENT_PASSWORD_REQUIRED = 'Current password required when setting new password.';

/** GoTrue's Session.IsRecovery(): any amr claim of otp, magiclink or recovery (a session from an e-mail). */
async function isRecoverySession(ctx: AuthContext, session: Authenticated['session']): Promise<boolean> {
  if (!session) return false;
  const rows = await sqlOf(ctx.pool)<{ authentication_method: string }>(
    'select authentication_method from auth.mfa_amr_claims where session_id = $1',
    [session.id],
  );
  return rows.some((row) => RECOVERY_METHODS.has(row.authentication_method));
}

const RECOVERY_METHODS = new Set(['otp', 'magiclink', 'recovery']);

/** GoTrue's UpdatePassword: new hash, one-time tokens cleared, every other session signed out. */
async function storePassword(sql: Sql, user: UserRow, hash: string, sessionId: string | undefined): Promise<void> {
  await sql(
    `update auth.users set encrypted_password = $2, reauthentication_token = '', updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await clearAllOneTimeTokens(sql, user.id);
  await deleteSessions(sql, user.id, sessionId ? { except: sessionId } : {});
}

async function storeMetadata(sql: Sql, userId: string, data: Record<string, unknown>): Promise<void> {
  const current = await findUserById(sql, userId);
  await sql('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
    userId,
    mergeMetadata(current?.raw_user_meta_data ?? null, data),
  ]);
}

async function requestEmailChange(
  ctx: AuthContext,
  sql: Sql,
  userId: string,
  update: UserUpdate,
  request: AuthRequest,
): Promise<void> {
  const user = (await findUserById(sql, userId)) as UserRow;
  if (update.pkce) {
    await createFlowState(sql, { userId, providerType: 'email_change', method: 'email_change', pkce: update.pkce });
  }
  await sendEmailChange(ctx, sql, user, update.email, request, Boolean(update.pkce));
}

export async function reauthenticate(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const auth = await authenticate(sqlOf(ctx.pool), request);
  const { user } = auth;
  if (!user.email) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await transaction(ctx.pool, async (sql) => {
    await audit(ctx, sql, request, user, 'user_reauthenticate_requested');
    await sendReauthentication(ctx, sql, user, request);
  });
  return ok({});
}

/** GET /user/identities/authorize and DELETE /user/identities/{id}. */
export async function identities(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  await authenticate(sqlOf(ctx.pool), request);
  if (!ctx.config.manualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  throw notEmulated('Linking and unlinking identities');
}
