// E-mail OTPs and their hashes, kept in auth.one_time_tokens (and the legacy columns of auth.users),
// as GoTrue does: token_hash = hex(sha224(email + otp)), prefixed with "pkce_" for PKCE flows.
import { createHash, randomInt } from 'node:crypto';
import type { Sql } from './db.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'reauthentication_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current';

export const PKCE_PREFIX = 'pkce_';

export function generateOtp(length: number): string {
  let otp = '';
  for (let index = 0; index < length; index += 1) otp += String(randomInt(10));
  return otp;
}

export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

export function withFlowPrefix(hash: string, pkce: boolean): string {
  return pkce ? PKCE_PREFIX + hash : hash;
}

export async function saveOneTimeToken(
  sql: Sql,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await sql(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
      values (gen_random_uuid(), $1, $2, $3, $4, now(), now())
      on conflict (user_id, token_type)
      do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [userId, type, hash, relatesTo.toLowerCase()],
  );
}

export interface OneTimeToken {
  user_id: string;
  token_type: OneTimeTokenType;
  token_hash: string;
}

/** Finds a token by hash; the hash may be given with or without its "pkce_" prefix. */
export async function findOneTimeToken(
  sql: Sql,
  hash: string,
  types: OneTimeTokenType[],
): Promise<OneTimeToken | undefined> {
  const rows = await sql<OneTimeToken>(
    `select user_id, token_type, token_hash from auth.one_time_tokens
      where token_type = any($2::auth.one_time_token_type[]) and (token_hash = $1 or token_hash = 'pkce_' || $1)
      order by created_at desc limit 1`,
    [hash, types],
  );
  return rows[0];
}

export async function clearOneTimeToken(sql: Sql, userId: string, type: OneTimeTokenType): Promise<void> {
  await sql('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
}

export async function clearAllOneTimeTokens(sql: Sql, userId: string): Promise<void> {
  await sql('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

export function isExpired(sentAt: Date | null, seconds: number): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + seconds * 1000;
}
