// POST /resend (GoTrue's Resend) for e-mail types: the sign-up confirmation or the e-mail-change
// links again. Like GoTrue, resent links use the implicit flow (no "pkce_" prefix).
import { audit } from '../audit.ts';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { sendConfirmation, sendEmailChange } from '../emails.ts';
import { badRequest } from '../errors.ts';
import { str } from '../params.ts';
import { ok, type Reply } from '../reply.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';

const TYPES = new Set(['signup', 'email_change', 'sms', 'phone_change']);

export async function resend(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  verifyCaptcha(ctx.config, request.body);
  const type = str(request.body, 'type');
  const email = str(request.body, 'email');
  const phone = str(request.body, 'phone');
  if (!TYPES.has(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!email && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!phone && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (email && phone)
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if (phone || type === 'sms' || type === 'phone_change')
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('validation_failed', 'Missing email address or phone number');
  const user = await findUserByEmail(sqlOf(ctx.pool), validateEmail(email));
  if (!user) return ok({});
  if (type === 'signup' && isConfirmed(user)) return ok({});
  if (type === 'email_change' && !user.email_change) return ok({});
  await transaction(ctx.pool, async (sql) => {
    if (type === 'signup') {
      await audit(ctx, sql, request, user, 'user_confirmation_requested');
      await sendConfirmation(ctx, sql, user, request, false);
    } else await sendEmailChange(ctx, sql, user, user.email_change ?? '', request, false);
  });
  return ok({});
}
