// POST /logout?scope=global|local|others (GoTrue's Logout): 204, sessions deleted, `logout` audited.
import { audit } from '../audit.ts';
import { authenticate } from '../authenticate.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction } from '../db.ts';
import { badRequest } from '../errors.ts';
import { noContent, type Reply } from '../reply.ts';
import { deleteSessions } from '../sessions.ts';

export async function logout(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const scope = request.url.searchParams.get('scope') || 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await authenticate(sqlOf(ctx.pool), request);
  await transaction(ctx.pool, async (sql) => {
    await audit(ctx, sql, request, user, 'logout');
    if (!session || scope === 'global') await deleteSessions(sql, user.id);
    else if (scope === 'local') await deleteSessions(sql, user.id, { only: session.id });
    else await deleteSessions(sql, user.id, { except: session.id });
  });
  return noContent();
}
