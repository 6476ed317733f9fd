// The emulated Supabase Auth (GoTrue) HTTP API behind /auth/v1, limited to what the app calls
// (product.md#account-7). Every other route answers with an explicit, Supabase-shaped error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, header, sendEmpty, sendJson } from '../http.ts';
import { clientIp, type AuthContext, type AuthRequest } from './context.ts';
import { AuthError, badRequest, notEmulated, OAuthError, renderError, unexpectedFailure } from './errors.ts';
import * as admin from './endpoints/admin.ts';
import * as factors from './endpoints/factors.ts';
import { logout } from './endpoints/logout.ts';
import { authorize, health, settings, sso } from './endpoints/misc.ts';
import { otp } from './endpoints/otp.ts';
import { recover } from './endpoints/recover.ts';
import { resend } from './endpoints/resend.ts';
import { signup } from './endpoints/signup.ts';
import { token } from './endpoints/token.ts';
import { getUser, identities, reauthenticate, updateUser } from './endpoints/user.ts';
import { verifyGet, verifyPost } from './endpoints/verify.ts';
import { readParams } from './params.ts';
import type { LimitedRoute } from './rate-limits.ts';
import type { Reply } from './reply.ts';

type Route = [
  method: string,
  path: RegExp,
  run: (ctx: AuthContext, request: AuthRequest, id: string) => Promise<Reply>,
];

const ID = '([^/]+)';

/** GoTrue's limitHandler middleware: the route's per-IP limit, before anything else (captcha too). */
function limited(route: LimitedRoute, run: (ctx: AuthContext, request: AuthRequest) => Promise<Reply>): Route[2] {
  return (ctx, request) => {
    ctx.limits.request(route, request.ip);
    return run(ctx, request);
  };
}
const ROUTES: Route[] = [
  ['GET', /^\/health$/, () => health()],
  ['GET', /^\/settings$/, (ctx) => settings(ctx)],
  ['POST', /^\/signup$/, signup],
  ['POST', /^\/token$/, token],
  ['POST', /^\/otp$/, limited('otp', otp)],
  ['POST', /^\/magiclink$/, limited('magiclink', otp)],
  ['POST', /^\/verify$/, limited('verify', verifyPost)],
  ['GET', /^\/verify$/, limited('verify', verifyGet)],
  ['POST', /^\/recover$/, limited('recover', recover)],
  ['POST', /^\/resend$/, limited('resend', resend)],
  ['GET', /^\/user$/, getUser],
  ['PUT', /^\/user$/, updateUser],
  ['GET', /^\/reauthenticate$/, reauthenticate],
  ['POST', /^\/logout$/, logout],
  ['GET', /^\/user\/identities\/authorize$/, identities],
  ['DELETE', new RegExp(`^/user/identities/${ID}$`), identities],
  ['POST', /^\/factors$/, factors.enroll],
  ['POST', new RegExp(`^/factors/${ID}/challenge$`), (ctx, request, id) => factors.challenge(ctx, request, id)],
  ['POST', new RegExp(`^/factors/${ID}/verify$`), (ctx, request, id) => factors.verifyFactor(ctx, request, id)],
  ['DELETE', new RegExp(`^/factors/${ID}$`), (ctx, request, id) => factors.unenroll(ctx, request, id)],
  ['GET', /^\/authorize$/, authorize],
  ['POST', /^\/sso$/, () => sso()],
  ['POST', /^\/admin\/users$/, admin.createUser],
  ['GET', new RegExp(`^/admin/users/${ID}$`), (ctx, request, id) => admin.getUserById(ctx, request, id)],
  ['DELETE', new RegExp(`^/admin/users/${ID}$`), (ctx, request, id) => admin.deleteUser(ctx, request, id)],
];

function findRoute(method: string, path: string): { run: Route[2]; id: string } | undefined {
  for (const [routeMethod, pattern, run] of ROUTES) {
    const match = pattern.exec(path);
    if (match && routeMethod === method) return { run, id: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
}

/** Handles a request whose path has /auth/v1 removed. */
export function authHandler(ctx: AuthContext) {
  return async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    const method = req.method ?? 'GET';
    try {
      const route = findRoute(method, path);
      if (!route) throw unknownRoute(method, path);
      const body = method === 'GET' || method === 'HEAD' ? {} : await readParams(req);
      const request: AuthRequest = { req, url, body, ip: clientIp(req), userAgent: header(req, 'user-agent') ?? '' };
      send(res, await route.run(ctx, request, route.id));
    } catch (error) {
      sendError(ctx, req, res, error, `${method} /auth/v1${path}`);
    }
  };
}

function unknownRoute(method: string, path: string): AuthError {
  if (path.startsWith('/admin/')) return notEmulated(`${method} /auth/v1${path} (admin API)`);
  return new AuthError(
    404,
    'not_found',
    `${method} /auth/v1${path} is not a route of the local stack's Auth emulation`,
  );
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.redirect) return sendEmpty(res, 303, { Location: reply.redirect });
  if (reply.body === undefined) return sendEmpty(res, reply.status);
  sendJson(res, reply.status, reply.body);
}

function sendError(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, error: unknown, what: string): void {
  let known: AuthError | OAuthError;
  if (error instanceof AuthError || error instanceof OAuthError) {
    known = error;
    const status = error instanceof AuthError ? error.status : 400;
    if (status >= 500) ctx.log.error('auth', `${what} → ${status} ${error.message}`);
    else ctx.log.debug('auth', `${what} → ${status} ${error.message}`);
  } else if (error instanceof BodyTooLargeError) {
    known = badRequest('bad_json', 'Request body too large');
  } else {
    ctx.log.error('auth', `${what}: ${(error as Error).stack ?? String(error)}`);
    known = unexpectedFailure();
  }
  const rendered = renderError(known, req);
  sendJson(res, rendered.status, rendered.body, rendered.headers);
}
