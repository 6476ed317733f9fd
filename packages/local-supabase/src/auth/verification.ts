// Checking e-mailed tokens and applying them (GoTrue's verifyTokenHash, verifyUserAndToken,
// signupVerify, recoverVerify, emailChangeVerify).
import type { AuthConfig } from '../config/config.ts';
import type { Sql } from './db.ts';
import { forbidden } from './errors.ts';
import {
  clearAllOneTimeTokens,
  clearOneTimeToken,
  findOneTimeToken,
  isExpired,
  type OneTimeTokenType,
} from './tokens.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed, mergeMetadata, type UserRow } from './users.ts';

/** The e-mail verification types the emulation handles ("email" = the OTP of signup or magic link). */
export type EmailVerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';
export type AppliedType = Exclude<EmailVerifyType, 'email'>;

const EMAIL_TYPES = new Set<string>(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

export function isEmailVerifyType(type: string): type is EmailVerifyType {
  return EMAIL_TYPES.has(type);
}

const TOKEN_TYPES: Record<EmailVerifyType, OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  email: ['confirmation_token', 'recovery_token'],
};

export interface Verified {
  user: UserRow;
  type: AppliedType;
  tokenType: OneTimeTokenType;
}

const INVALID_LINK = 'Email link is invalid or has expired';
const INVALID_OTP = 'Token has expired or is invalid';

function sentAt(user: UserRow, tokenType: OneTimeTokenType): Date | null {
  if (tokenType === 'confirmation_token') return user.confirmation_sent_at;
  if (tokenType === 'recovery_token') return user.recovery_sent_at;
  if (tokenType === 'reauthentication_token') return user.reauthentication_sent_at;
  return user.email_change_sent_at;
}

function appliedType(type: EmailVerifyType, tokenType: OneTimeTokenType): AppliedType {
  if (type !== 'email') return type;
  return tokenType === 'recovery_token' ? 'magiclink' : 'signup';
}

/** A token_hash from a link (POST /verify {token_hash} or GET /verify?token=). */
export async function verifyTokenHash(
  sql: Sql,
  config: AuthConfig,
  type: EmailVerifyType,
  hash: string,
): Promise<Verified> {
  const token = await findOneTimeToken(sql, hash, TOKEN_TYPES[type]);
  const user = token ? await findUserById(sql, token.user_id) : undefined;
  if (!token || !user) throw forbidden('otp_expired', INVALID_LINK);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (isExpired(sentAt(user, token.token_type), config.email.otpExpiry)) throw forbidden('otp_expired', INVALID_LINK);
  return { user, type: appliedType(type, token.token_type), tokenType: token.token_type };
}

function hashMatches(given: string, stored: string | null): boolean {
  return Boolean(stored) && (stored === given || stored === `pkce_${given}`);
}

/** An OTP typed by the user (POST /verify {email, token, type}); `hash` is hash(email + token). */
export async function verifyEmailOtp(
  sql: Sql,
  config: AuthConfig,
  type: EmailVerifyType,
  email: string,
  hash: string,
): Promise<Verified> {
  const user =
    type === 'email_change'
      ? (
          await sql<UserRow>('select * from auth.users where lower(email_change) = $1 or lower(email) = $1 limit 1', [
            email,
          ])
        )[0]
      : await findUserByEmail(sql, email);
  if (!user) throw forbidden('otp_expired', INVALID_OTP);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const candidates: [OneTimeTokenType, string | null][] = [
    ['confirmation_token', user.confirmation_token],
    ['recovery_token', user.recovery_token],
    ['email_change_token_current', user.email_change_token_current],
    ['email_change_token_new', user.email_change_token_new],
  ];
  const match = candidates.find(
    ([tokenType, stored]) =>
      TOKEN_TYPES[type].includes(tokenType) &&
      hashMatches(hash, stored) &&
      !isExpired(sentAt(user, tokenType), config.email.otpExpiry),
  );
  if (!match) throw forbidden('otp_expired', INVALID_OTP);
  return { user, type: appliedType(type, match[0]), tokenType: match[0] };
}

/** signup/invite: the address is confirmed. */
export async function confirmEmail(sql: Sql, user: UserRow): Promise<void> {
  await sql(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
        raw_user_meta_data = $2, updated_at = now() where id = $1`,
    [user.id, mergeMetadata(user.raw_user_meta_data, { email_verified: true })],
  );
  await sql(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id],
  );
  await clearAllOneTimeTokens(sql, user.id);
}

/** recovery/magiclink: the token is used up; an unconfirmed address becomes confirmed. */
export async function recoverAccount(sql: Sql, user: UserRow): Promise<void> {
  await sql(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
  await clearAllOneTimeTokens(sql, user.id);
  if (!isConfirmed(user)) await confirmEmail(sql, user);
}

/**
 * email_change: with double confirmation the first link only records itself (returns false); the
 * second (or the only one) moves the address over (returns true).
 */
export async function changeEmail(sql: Sql, config: AuthConfig, verified: Verified): Promise<boolean> {
  const { user } = verified;
  if (config.email.doubleConfirmChanges && user.email && (user.email_change_confirm_status ?? 0) === 0) {
    const column =
      verified.tokenType === 'email_change_token_current' ? 'email_change_token_current' : 'email_change_token_new';
    await sql(`update auth.users set email_change_confirm_status = 1, ${column} = '' where id = $1`, [user.id]);
    await clearOneTimeToken(sql, user.id, verified.tokenType);
    return false;
  }
  const newEmail = user.email_change ?? '';
  await sql(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
        email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = $1`,
    [user.id, newEmail],
  );
  await sql(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id, newEmail],
  );
  await clearAllOneTimeTokens(sql, user.id);
  return true;
}
