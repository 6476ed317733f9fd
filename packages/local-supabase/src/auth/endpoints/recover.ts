// POST /recover (GoTrue's Recover): a password-recovery e-mail; unknown addresses get the same 200.
import { audit } from '../audit.ts';
import { verifyCaptcha } from '../captcha.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { sendRecovery } from '../emails.ts';
import { unprocessable } from '../errors.ts';
import { createFlowState, pkceParams } from '../flow-state.ts';
import { str } from '../params.ts';
import { ok, type Reply } from '../reply.ts';
import { findUserByEmail } from '../users.ts';

export async function recover(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  verifyCaptcha(ctx.config, request.body);
  const raw = str(request.body, 'email');
  if (!raw) throw unprocessable('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  const pkce = pkceParams(str(request.body, 'code_challenge'), str(request.body, 'code_challenge_method'));
  const user = await findUserByEmail(sqlOf(ctx.pool), email);
  if (!user) return ok({});
  await transaction(ctx.pool, async (sql) => {
    if (pkce) await createFlowState(sql, { userId: user.id, providerType: 'recovery', method: 'recovery', pkce });
    await audit(ctx, sql, request, user, 'user_recovery_requested');
    await sendRecovery(ctx, sql, user, request, Boolean(pkce));
  });
  return ok({});
}
