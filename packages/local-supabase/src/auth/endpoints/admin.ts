// A small part of the admin API for tests and scripts (service-role key only):
// POST /admin/users, GET /admin/users/{id}, DELETE /admin/users/{id}. Other admin routes answer
// with an explicit "not emulated" error.
import { bearerToken } from '../../http.ts';
import { adminActor, audit, type AuditActor } from '../audit.ts';
import { isServiceRole } from '../authenticate.ts';
import type { AuthContext, AuthRequest } from '../context.ts';
import { sqlOf, transaction } from '../db.ts';
import { validateEmail } from '../email-address.ts';
import { forbidden, notFound, unauthorized, unprocessable } from '../errors.ts';
import { verifyJwt } from '../jwt.ts';
import { bool, obj, str } from '../params.ts';
import { hashPassword } from '../password.ts';
import { ok, type Reply } from '../reply.ts';
import { findUserByEmail, findUserById, insertUser, userJson } from '../users.ts';

/** GoTrue's requireAdmin; the admin's audit actor is a user named after the JWT's role. */
async function requireAdmin(request: AuthRequest): Promise<AuditActor> {
  const token = bearerToken(request.req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token');
  const claims = await verifyJwt(token);
  if (!isServiceRole(claims)) throw forbidden('not_admin', 'User not allowed');
  return adminActor(String(claims.role));
}

export async function createUser(ctx: AuthContext, request: AuthRequest): Promise<Reply> {
  const admin = await requireAdmin(request);
  const params = request.body;
  const email = validateEmail(str(params, 'email'));
  // GoTrue's adminUserCreate does not apply the password policy (only updates do).
  const password = str(params, 'password');
  if (await findUserByEmail(sqlOf(ctx.pool), email)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const encryptedPassword = password ? await hashPassword(ctx.config, password) : '';
  return transaction(ctx.pool, async (sql) => {
    const user = await insertUser(sql, {
      email,
      encryptedPassword,
      userMetadata: obj(params, 'user_metadata') ?? {},
      appMetadata: obj(params, 'app_metadata'),
      confirmed: bool(params, 'email_confirm', false),
    });
    // admin.go adminUserCreate.
    await audit(ctx, sql, request, admin, 'user_signedup', {
      traits: { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '', provider: 'email' },
    });
    return ok(await userJson(sql, user));
  });
}

export async function getUserById(ctx: AuthContext, request: AuthRequest, id: string): Promise<Reply> {
  await requireAdmin(request);
  const sql = sqlOf(ctx.pool);
  const user = await findUserById(sql, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return ok(await userJson(sql, user));
}

/** admin.go adminUserDelete: user_deleted (by the admin, with the user's e-mail), then the row. */
export async function deleteUser(ctx: AuthContext, request: AuthRequest, id: string): Promise<Reply> {
  const admin = await requireAdmin(request);
  const user = await findUserById(sqlOf(ctx.pool), id);
  if (!user) throw notFound('user_not_found', 'User not found');
  await transaction(ctx.pool, async (sql) => {
    await audit(ctx, sql, request, admin, 'user_deleted', {
      traits: { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '' },
    });
    await sql('delete from auth.users where id = $1', [id]);
  });
  return ok({});
}
