// MFA with TOTP (GoTrue's mfa.go): POST /factors, POST /factors/{id}/challenge,
// POST /factors/{id}/verify (raises the session to aal2), DELETE /factors/{id}.
import { randomUUID } from 'node:crypto';
import { audit } from '../audit.ts';
import { authenticate, isAal2, type Authenticated } from '../authenticate.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction, type Sql } from '../db.ts';
import { badRequest, forbidden, internal, notEmulated, notFound, unprocessable } from '../errors.ts';
import { str } from '../params.ts';
import { ok, type Reply } from '../reply.ts';
import { activeRefreshToken, addAmrClaim, swapRefreshToken, tokenResponse } from '../sessions.ts';
import { newTotp, qrSvg, totpCodeIsValid } from '../totp.ts';
import { findUserById, loadFactors, type FactorRow, type UserRow } from '../users.ts';

/** GoTrue's defaults for ChallengeExpiryDuration, FactorExpiryDuration and MaxVerifiedFactors. */
const CHALLENGE_EXPIRY_S = 300;
const UNVERIFIED_FACTOR_EXPIRY_S = 300;
const MAX_VERIFIED_FACTORS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

export async function enroll(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  if (!auth.session) throw internal('A valid session and a registered user are required to enroll a factor');
  const type = str(request.body, 'factor_type');
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') throw notEmulated('WebAuthn factors');
  if (type !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp or phone');
  if (!ctx.config.mfa.totpEnroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  await sql(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
        and created_at < now() - make_interval(secs => $2)`,
    [auth.user.id, UNVERIFIED_FACTOR_EXPIRY_S],
  );
  const friendlyName = str(request.body, 'friendly_name');
  await assertMayEnroll(ctx, sql, auth, friendlyName);
  return ok(await createTotpFactor(ctx, request, auth.user, friendlyName, str(request.body, 'issuer')));
}

/** GoTrue's validateFactors: a name in use (the empty name too), too many factors, then the AAL. */
async function assertMayEnroll(ctx: AuthContext, sql: Sql, auth: Authenticated, friendlyName: string): Promise<void> {
  const factors = await loadFactors(sql, auth.user.id);
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= ctx.config.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && !isAal2(auth)) {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/** mfa.go enrollTOTPFactor: the factor and its factor_in_progress entry (with the client's IP) in one transaction. */
async function createTotpFactor(
  ctx: AuthContext,
  request: AuthRequest,
  user: UserRow,
  friendlyName: string,
  issuer: string,
) {
  const { secret, uri } = newTotp(issuer || new URL(ctx.config.siteUrl).host, user.email ?? '');
  const id = randomUUID();
  try {
    await transaction(ctx.pool, async (tx) => {
      await tx(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
          values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret],
      );
      await audit(ctx, tx, request, user, 'factor_in_progress', { traits: { factor_id: id }, ipAddress: request.ip });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user likely already exists`,
      );
    }
    throw error;
  }
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: await qrSvg(uri), secret, uri } };
}

/** GoTrue's loadFactor: a factor of another user is as unknown as a missing one. */
async function ownFactor(sql: Sql, auth: Authenticated, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const [factor] = await sql<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [
    factorId,
    auth.user.id,
  ]);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  if (factor.factor_type !== 'totp') throw notEmulated(`${factor.factor_type} factors`);
  return factor;
}

export async function challenge(ctx: AuthContext, request: AuthRequest, factorId: string): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  const factor = await ownFactor(sql, auth, factorId);
  ctx.limits.request('factor_challenge', request.ip);
  if (!ctx.config.mfa.totpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const id = randomUUID();
  const row = await transaction(ctx.pool, async (tx) => {
    const [inserted] = await tx<ChallengeRow>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning *`,
      [id, factor.id, request.ip],
    );
    await tx('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [factor.id]);
    await audit(ctx, tx, request, auth.user, 'challenge_created', {
      traits: { factor_id: factor.id, factor_status: factor.status },
      ipAddress: request.ip,
    });
    return inserted;
  });
  const expiresAt = Math.floor((row as ChallengeRow).created_at.getTime() / 1000) + CHALLENGE_EXPIRY_S;
  return ok({ id, type: 'totp', expires_at: expiresAt });
}

export async function verifyFactor(ctx: AuthContext, request: AuthRequest, factorId: string): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  const factor = await ownFactor(sql, auth, factorId);
  ctx.limits.request('factor_verify', request.ip);
  const code = str(request.body, 'code');
  if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');
  if (!ctx.config.mfa.totpVerify)
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  const found = await findChallenge(sql, factor, str(request.body, 'challenge_id'), request.ip);
  if (!totpCodeIsValid(factor.secret ?? '', code))
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  if (!auth.session) throw internal('Cannot read SessionId claim as UUID');
  const sessionId = auth.session.id;
  return ok(
    await transaction(ctx.pool, async (tx) => {
      await audit(ctx, tx, request, auth.user, 'verification_attempted', {
        traits: { factor_id: factor.id, challenge_id: found.id, factor_type: factor.factor_type },
        ipAddress: request.ip,
      });
      await tx('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id]);
      await tx(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      await addAmrClaim(tx, sessionId, 'totp');
      await tx(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
        sessionId,
        factor.id,
      ]);
      const current = await activeRefreshToken(tx, sessionId);
      if (!current) throw internal('No refresh token for the current session');
      // updateMFASessionAndClaims: the legacy refresh token is swapped (models.GrantRefreshTokenSwap).
      await audit(ctx, tx, request, auth.user, 'token_revoked');
      const refreshed = await swapRefreshToken(tx, current, sessionId);
      // GoTrue signs out the user's other, weaker sessions and drops unverified factors of the type.
      await tx(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') = 'aal1'`, [
        auth.user.id,
        sessionId,
      ]);
      await tx(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`, [
        auth.user.id,
      ]);
      const user = (await findUserById(tx, auth.user.id)) as UserRow;
      return tokenResponse(ctx, tx, user, sessionId, refreshed.token);
    }),
  );
}

async function findChallenge(sql: Sql, factor: FactorRow, challengeId: string, ip: string): Promise<ChallengeRow> {
  const [found] = await sql<ChallengeRow>('select * from auth.mfa_challenges where id::text = $1 and factor_id = $2', [
    challengeId,
    factor.id,
  ]);
  if (!found) throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (found.verified_at || found.ip_address !== ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (Date.now() > found.created_at.getTime() + CHALLENGE_EXPIRY_S * 1000) {
    await sql('delete from auth.mfa_challenges where id = $1', [found.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return found;
}

export async function unenroll(ctx: AuthContext, request: AuthRequest, factorId: string): Promise<Reply> {
  const sql = sqlOf(ctx.pool);
  const auth = await authenticate(sql, request);
  const factor = await ownFactor(sql, auth, factorId);
  if (!auth.session) throw internal('A valid session and factor are required to unenroll a factor');
  if (factor.status === 'verified' && !isAal2(auth)) {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  const sessionId = auth.session.id;
  await transaction(ctx.pool, async (tx) => {
    const sessions = await tx<{ id: string }>('select id from auth.sessions where factor_id = $1', [factor.id]);
    await tx('delete from auth.mfa_factors where id = $1', [factor.id]);
    await audit(ctx, tx, request, auth.user, 'factor_unenrolled', {
      traits: { factor_id: factor.id, factor_status: factor.status, session_id: sessionId },
      ipAddress: request.ip,
    });
    // Sessions that were raised by this factor drop back to aal1.
    for (const { id } of sessions) {
      await tx(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where id = $1`, [id]);
      await tx(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'totp'`, [id]);
    }
  });
  return ok({ id: factor.id });
}
