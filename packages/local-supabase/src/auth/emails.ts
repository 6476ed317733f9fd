// The auth e-mails (GoTrue's sendConfirmation, sendMagicLink, sendPasswordRecovery, sendEmailChange,
// sendReauthenticationOtp): a fresh OTP and its hash, the per-user frequency limit, the hook call,
// then the token columns and auth.one_time_tokens. A failing hook leaves the tokens untouched.
import type { AuthContext, AuthRequest } from './context.ts';
import type { Sql } from './db.ts';
import { tooManyRequests } from './errors.ts';
import { sendEmailThroughHook, type EmailActionType } from './hook.ts';
import { referrer } from './redirect.ts';
import { generateOtp, saveOneTimeToken, tokenHash, withFlowPrefix, type OneTimeTokenType } from './tokens.ts';
import { userJson, type UserRow } from './users.ts';

function assertFrequency(ctx: AuthContext, sentAt: Date | null): void {
  if (!sentAt) return;
  const left = sentAt.getTime() + ctx.config.email.maxFrequency * 1000 - Date.now();
  if (left > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
    );
  }
}

interface SingleTokenEmail {
  type: EmailActionType;
  tokenType: OneTimeTokenType;
  column: 'confirmation_token' | 'recovery_token' | 'reauthentication_token';
  sentColumn: 'confirmation_sent_at' | 'recovery_sent_at' | 'reauthentication_sent_at';
}

const CONFIRMATION: SingleTokenEmail = {
  type: 'signup',
  tokenType: 'confirmation_token',
  column: 'confirmation_token',
  sentColumn: 'confirmation_sent_at',
};
const RECOVERY: SingleTokenEmail = {
  type: 'recovery',
  tokenType: 'recovery_token',
  column: 'recovery_token',
  sentColumn: 'recovery_sent_at',
};
const MAGIC_LINK: SingleTokenEmail = { ...RECOVERY, type: 'magiclink' };
const REAUTHENTICATION: SingleTokenEmail = {
  type: 'reauthentication',
  tokenType: 'reauthentication_token',
  column: 'reauthentication_token',
  sentColumn: 'reauthentication_sent_at',
};

async function sendSingleTokenEmail(
  ctx: AuthContext,
  sql: Sql,
  user: UserRow,
  request: AuthRequest,
  kind: SingleTokenEmail,
  pkce: boolean,
): Promise<void> {
  assertFrequency(ctx, user[kind.sentColumn]);
  ctx.limits.email();
  const email = user.email ?? '';
  const otp = generateOtp(ctx.config.email.otpLength);
  const hash = withFlowPrefix(tokenHash(email, otp), pkce);
  await sendEmailThroughHook(ctx, await userJson(sql, user), {
    token: otp,
    token_hash: hash,
    redirect_to: referrer(ctx.config, request),
    email_action_type: kind.type,
    site_url: ctx.externalUrl,
    token_new: '',
    token_hash_new: '',
  });
  await sql(`update auth.users set ${kind.column} = $2, ${kind.sentColumn} = now() where id = $1`, [user.id, hash]);
  await saveOneTimeToken(sql, user.id, kind.tokenType, hash, email);
}

export const sendConfirmation = (ctx: AuthContext, sql: Sql, user: UserRow, request: AuthRequest, pkce: boolean) =>
  sendSingleTokenEmail(ctx, sql, user, request, CONFIRMATION, pkce);

export const sendRecovery = (ctx: AuthContext, sql: Sql, user: UserRow, request: AuthRequest, pkce: boolean) =>
  sendSingleTokenEmail(ctx, sql, user, request, RECOVERY, pkce);

export const sendMagicLink = (ctx: AuthContext, sql: Sql, user: UserRow, request: AuthRequest, pkce: boolean) =>
  sendSingleTokenEmail(ctx, sql, user, request, MAGIC_LINK, pkce);

export const sendReauthentication = (ctx: AuthContext, sql: Sql, user: UserRow, request: AuthRequest) =>
  sendSingleTokenEmail(ctx, sql, user, request, REAUTHENTICATION, false);

/**
 * E-mail change with double confirmation (GoTrue's sendEmailChange). Note GoTrue's naming, kept
 * here on purpose: `token`/`token_hash_new` belong to the current address, `token_new`/`token_hash`
 * to the new one.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  sql: Sql,
  user: UserRow,
  newEmail: string,
  request: AuthRequest,
  pkce: boolean,
): Promise<void> {
  assertFrequency(ctx, user.email_change_sent_at);
  ctx.limits.email();
  const otpNew = generateOtp(ctx.config.email.otpLength);
  const hashNew = withFlowPrefix(tokenHash(newEmail, otpNew), pkce);
  const secure = ctx.config.email.doubleConfirmChanges && Boolean(user.email);
  const otpCurrent = secure ? generateOtp(ctx.config.email.otpLength) : '';
  const hashCurrent = secure ? withFlowPrefix(tokenHash(user.email ?? '', otpCurrent), pkce) : '';
  await sendEmailThroughHook(ctx, await userJson(sql, { ...user, email_change: newEmail }), {
    token: otpCurrent,
    token_hash: hashNew,
    redirect_to: referrer(ctx.config, request),
    email_action_type: 'email_change',
    site_url: ctx.externalUrl,
    token_new: secure ? otpNew : '',
    token_hash_new: hashCurrent,
  });
  await sql(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
        email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  );
  await saveOneTimeToken(sql, user.id, 'email_change_token_new', hashNew, newEmail);
  if (secure) await saveOneTimeToken(sql, user.id, 'email_change_token_current', hashCurrent, user.email ?? '');
}
