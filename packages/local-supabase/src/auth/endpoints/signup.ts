// POST /signup (GoTrue's Signup): e-mail + password only (phone sign-ups are disabled in config.toml).
import { randomUUID } from 'node:crypto';
import { audit } from '../audit.ts';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction, type Sql } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { sendConfirmation } from '../emails.ts';
import { badRequest, notEmulated, unprocessable } from '../errors.ts';
import { createFlowState, pkceParams, type PkceParams } from '../flow-state.ts';
import { obj, str, type Params } from '../params.ts';
import { assertStrongPassword, hashPassword } from '../password.ts';
import { ok, type Reply } from '../reply.ts';
import { startSession } from '../sessions.ts';
import {
  findUserByEmail,
  insertSignedUpUser,
  isConfirmed,
  userJson,
  type Metadata,
  type SignedUpUser,
  type UserRow,
} from '../users.ts';

export async function signup(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const { config } = ctx;
  verifyCaptcha(config, request.body);
  const params = request.body;
  // GoTrue's /signup route: neither e-mail nor phone is an anonymous sign-in.
  if (!str(params, 'email') && !str(params, 'phone')) {
    if (!config.anonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    throw notEmulated('Anonymous sign-ins (POST /signup without e-mail or phone)');
  }
  ctx.limits.request('signup', request.ip);
  if (!config.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const password = str(params, 'password');
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  assertStrongPassword(config, password);
  const email = emailOf(ctx, params);
  const pkce = pkceParams(str(params, 'code_challenge'), str(params, 'code_challenge_method'));
  const data = obj(params, 'data') ?? {};
  const existing = await findUserByEmail(sqlOf(ctx.pool), email);
  if (existing && isConfirmed(existing)) return alreadyRegistered(ctx, request, existing, data);
  // Hashing is slow: done before the transaction, as GoTrue does.
  const encryptedPassword = existing ? '' : await hashPassword(ctx.config, password);
  return transaction(ctx.pool, async (sql) => {
    // signupNewUser reloads the new row: the project's triggers may have changed it (here they move
    // the name and phone to the profile), and what follows (audit, hook) sees the stored user.
    const user: SignedUpUser =
      existing ??
      (await insertSignedUpUser(sql, {
        email,
        encryptedPassword,
        userMetadata: data,
        confirmed: !config.email.enableConfirmations,
      }));
    // signup.go: user_signedup for an account confirmed at once (autoconfirm), then a login;
    // otherwise user_confirmation_requested and the e-mail.
    if (isConfirmed(user)) {
      if (!existing) await audit(ctx, sql, request, user, 'user_signedup', { traits: { provider: 'email' } });
      await audit(ctx, sql, request, user, 'login', { traits: { provider: 'email' } });
      return ok(await startSession(ctx, sql, user, 'password', request));
    }
    await audit(ctx, sql, request, user, 'user_confirmation_requested', { traits: { provider: 'email' } });
    await requestConfirmation(ctx, sql, user, request, pkce);
    const reloaded = await reload(sql, user);
    return ok(await userJson(sql, reloaded ? { ...reloaded, identityDataAsBuilt: user.identityDataAsBuilt } : user));
  });
}

function emailOf(ctx: AuthContext, params: Params): string {
  const email = str(params, 'email');
  const phone = str(params, 'phone');
  if (email && phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!email) throw badRequest('validation_failed', 'Sign up only available with email provider');
  if (!ctx.config.email.enabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  return validateEmail(email);
}

async function requestConfirmation(
  ctx: AuthContext,
  sql: Sql,
  user: UserRow,
  request: AuthRequest,
  pkce: PkceParams | null,
): Promise<void> {
  if (pkce) await createFlowState(sql, { userId: user.id, providerType: 'email', method: 'email/signup', pkce });
  await sendConfirmation(ctx, sql, user, request, Boolean(pkce));
}

async function reload(sql: Sql, user: UserRow): Promise<UserRow | undefined> {
  const rows = await sql<UserRow>('select * from auth.users where id = $1', [user.id]);
  return rows[0];
}

/**
 * A confirmed account already uses this address: GoTrue records user_repeated_signup, then, with
 * confirmations on, answers 200 with an obfuscated user (new id, no identities) so sign-up cannot
 * be used to probe for accounts; with auto-confirm it answers 422 user_already_exists.
 */
async function alreadyRegistered(
  ctx: AuthContext,
  request: AuthRequest,
  existing: UserRow,
  data: Metadata,
): Promise<Reply> {
  await transaction(ctx.pool, (sql) =>
    audit(ctx, sql, request, existing, 'user_repeated_signup', { traits: { provider: 'email' } }),
  );
  const email = existing.email ?? '';
  if (!ctx.config.email.enableConfirmations) {
    throw unprocessable('user_already_exists', 'User already registered');
  }
  const now = new Date().toISOString();
  return ok({
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}
