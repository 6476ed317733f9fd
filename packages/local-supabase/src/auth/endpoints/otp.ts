// POST /otp with an e-mail (GoTrue's Otp → MagicLink): a magic link for a confirmed account; for a
// new or unconfirmed address, sign-up with a random password and the confirmation e-mail instead.
import { randomBytes } from 'node:crypto';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { sendConfirmation, sendMagicLink } from '../emails.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState, pkceParams, type PkceParams } from '../flow-state.ts';
import { bool, obj, str } from '../params.ts';
import { hashPassword } from '../password.ts';
import { ok, type Reply } from '../reply.ts';
import { findUserByEmail, insertUser, isConfirmed, type Metadata, type UserRow } from '../users.ts';

export async function otp(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  verifyCaptcha(ctx.config, request.body);
  const email = str(request.body, 'email');
  const phone = str(request.body, 'phone');
  if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!email) throw badRequest('validation_failed', 'One of email or phone must be set');
  if (!ctx.config.email.enabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const address = validateEmail(email);
  const pkce = pkceParams(str(request.body, 'code_challenge'), str(request.body, 'code_challenge_method'));
  const user = await findUserByEmail(sqlOf(ctx.pool), address);
  if (!user && !bool(request.body, 'create_user', true)) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (user && isConfirmed(user)) return magicLink(ctx, request, user, pkce);
  return signUpByLink(ctx, request, user, address, obj(request.body, 'data') ?? {}, pkce);
}

async function magicLink(ctx: AuthContext, request: AuthRequest, user: UserRow, pkce: PkceParams | null) {
  await transaction(ctx.pool, async (sql) => {
    if (pkce) await createFlowState(sql, { userId: user.id, providerType: 'magiclink', method: 'magiclink', pkce });
    await sendMagicLink(ctx, sql, user, request, Boolean(pkce));
  });
  return ok({});
}

async function signUpByLink(
  ctx: AuthContext,
  request: AuthRequest,
  existing: UserRow | undefined,
  email: string,
  data: Metadata,
  pkce: PkceParams | null,
): Promise<Reply> {
  if (!existing && !ctx.config.enableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const encryptedPassword = existing ? '' : await hashPassword(ctx.config, randomBytes(24).toString('base64url'));
  const autoconfirm = !ctx.config.email.enableConfirmations;
  const user = await transaction(ctx.pool, async (sql) => {
    const created =
      existing ?? (await insertUser(sql, { email, encryptedPassword, userMetadata: data, confirmed: autoconfirm }));
    if (isConfirmed(created)) return created;
    if (pkce) await createFlowState(sql, { userId: created.id, providerType: 'email', method: 'email/signup', pkce });
    await sendConfirmation(ctx, sql, created, request, Boolean(pkce));
    return created;
  });
  // With auto-confirm the new account is confirmed at once and gets the magic link itself.
  return isConfirmed(user) ? magicLink(ctx, request, user, pkce) : ok({});
}
