// POST /otp with an e-mail (GoTrue's Otp → MagicLink): a magic link for a confirmed account; for a
// new or unconfirmed address, sign-up with a random password and the confirmation e-mail instead.
import { randomBytes } from 'node:crypto';
import { audit } from '../audit.ts';
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
import { startSession } from '../sessions.ts';
import { findUserByEmail, insertSignedUpUser, isConfirmed, type Metadata, type UserRow } from '../users.ts';

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
    await audit(ctx, sql, request, user, 'user_recovery_requested');
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
  const user = await transaction(ctx.pool, async (sql) => {
    const created =
      existing ??
      (await insertSignedUpUser(sql, {
        email,
        encryptedPassword,
        userMetadata: data,
        confirmed: !ctx.config.email.enableConfirmations,
      }));
    // magic_link.go runs Signup for a new or unconfirmed address: with auto-confirm it records
    // user_signedup and a login (and opens a session nobody receives), else user_confirmation_requested.
    if (isConfirmed(created)) {
      await audit(ctx, sql, request, created, 'user_signedup', { traits: { provider: 'email' } });
      await audit(ctx, sql, request, created, 'login', { traits: { provider: 'email' } });
      await startSession(ctx, sql, created, 'password', request);
      return created;
    }
    await audit(ctx, sql, request, created, 'user_confirmation_requested', { traits: { provider: 'email' } });
    if (pkce) await createFlowState(sql, { userId: created.id, providerType: 'email', method: 'email/signup', pkce });
    await sendConfirmation(ctx, sql, created, request, Boolean(pkce));
    return created;
  });
  // With auto-confirm the new account is confirmed at once and gets the magic link itself.
  return isConfirmed(user) ? magicLink(ctx, request, user, pkce) : ok({});
}
