// Signed download URLs, as storage-api serves them (supabase/storage at commit 4fa61fba9371c4bd40cbb81509f07bcb3af21683:
// src/http/routes/object/getSignedURL.ts, getSignedURLs.ts, getSignedObject.ts and src/storage/object.ts
// signObjectUrl, signObjectUrls, verifyObjectSignature):
//   POST /object/sign/{bucket}/{name} {expiresIn}        → { signedURL: "/object/sign/{bucket}/{name}?token=…" }
//   POST /object/sign/{bucket} {expiresIn, paths: [...]}  → [{ error, path, signedURL }] (1 to 1000 paths)
//   GET  /object/sign/{bucket}/{name}?token=…[&download=] → the bytes, with Expires at the token's expiry
// Signing looks the object up as the caller, so it needs the select policy; the download looks it up
// as the storage owner, so a valid token needs no policy. The token is an HS256 JWT signed with the
// project's JWT secret (the URL signing key of a project without its own): {url, scope: "download",
// iat, exp}. Image transformations are off in config.toml, so a `transform` option is ignored as
// hosted Storage ignores it then.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { sqlOf } from '../auth/db.ts';
import { sendJson } from '../http.ts';
import { JWT_KEY } from '../keys.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { StorageError, storageErrors } from './errors.ts';
import { assertValidKey } from './files.ts';
import { optionalInteger, readJsonBody, requiredStringArray, requireProperties } from './json-body.ts';
import { findObject, MAX_OBJECTS_PER_REQUEST, sendObject, withDatabaseErrors } from './objects.ts';

const SCOPE_DOWNLOAD = 'download';

/** storage-api's assertValidNumericJWTExpiration: 1 s up to what keeps exp a safe integer in ms. */
function assertValidExpiry(expiresIn: number): void {
  const max = Math.max(0, Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000));
  if (!Number.isSafeInteger(expiresIn) || expiresIn < 1 || expiresIn > max) {
    throw storageErrors.invalidParameter('expiresIn');
  }
}

/** The route's body schema (checked by Fastify before the JWT is). */
async function readExpiresIn(req: IncomingMessage, extra: string[] = []) {
  const body = await readJsonBody(req);
  requireProperties(body, ['expiresIn', ...extra]);
  return { body, expiresIn: optionalInteger(body, 'expiresIn', 1) as number };
}

function signToken(url: string, expiresIn: number): Promise<string> {
  return new SignJWT({ url, scope: SCOPE_DOWNLOAD })
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(JWT_KEY);
}

/** POST /object/sign/{bucket}/{name}; `rawPath` is the request path after /object/sign/, still escaped. */
export async function signUrl(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  rawPath: string,
): Promise<void> {
  const { expiresIn } = await readExpiresIn(req);
  const caller = await callerOf(req);
  assertValidExpiry(expiresIn);
  assertValidKey(name);
  await asCaller(ctx.db, caller, { method: 'POST', path: req.url ?? '', operation: 'storage.object.sign' }, (sql) =>
    findObject(sql, bucketId, name),
  );
  const urlToSign = decodeURI(rawPath);
  const token = await signToken(urlToSign, expiresIn);
  sendJson(res, 200, { signedURL: `/object/sign/${urlToSign}?token=${token}` });
}

/** POST /object/sign/{bucket}: a URL for each path the caller may select, an error for the others. */
export async function signUrls(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const { body, expiresIn } = await readExpiresIn(req, ['paths']);
  const paths = requiredStringArray(body, 'paths', { minItems: 1, maxItems: MAX_OBJECTS_PER_REQUEST });
  const caller = await callerOf(req);
  assertValidExpiry(expiresIn);
  const rows = await asCaller(
    ctx.db,
    caller,
    { method: 'POST', path: req.url ?? '', operation: 'storage.object.sign_many' },
    (sql) =>
      sql<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [
        bucketId,
        paths,
      ]).catch(withDatabaseErrors),
  );
  const found = new Set(rows.map((row) => row.name));
  const signed = await Promise.all(
    paths.map(async (path) => {
      if (!found.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const url = `${bucketId}/${path}`;
      return { error: null, path, signedURL: `/object/sign/${url}?token=${await signToken(url, expiresIn)}` };
    }),
  );
  sendJson(res, 200, signed);
}

/** GET/HEAD /object/sign/{bucket}/{name}?token=: no Authorization needed, no policy asked. */
export async function downloadSigned(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  url: URL,
): Promise<void> {
  const token = url.searchParams.get('token');
  if (token === null) throw storageErrors.validation("querystring must have required property 'token'");
  const payload = await verifySignature(token, bucketId, name);
  const [bucket = '', ...parts] = String(payload.url).split('/');
  const row = await findObject(sqlOf(ctx.db.owner), bucket, parts.join('/'));
  const expires = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
  await sendObject(ctx, req, res, row, { download: url.searchParams.get('download'), expires });
}

/** verifyObjectSignature: the JWT, then its scope, the object it names, and its expiry. */
async function verifySignature(token: string, bucketId: string, name: string): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    payload = (await jwtVerify(token, JWT_KEY, { algorithms: ['HS256'] })).payload;
  } catch (error) {
    throw new StorageError(400, 'InvalidJWT', (error as Error).message);
  }
  const downloadScoped = payload.scope === SCOPE_DOWNLOAD || (payload.scope === undefined && !('upsert' in payload));
  if (!downloadScoped) throw storageErrors.invalidSignature(`Token is not scoped for ${SCOPE_DOWNLOAD}`);
  if (payload.url !== `${bucketId}/${name}`) throw storageErrors.invalidSignature();
  if ((payload.exp as number) * 1000 < Date.now()) {
    throw new StorageError(400, 'ExpiredToken', 'The provided token has expired.');
  }
  return payload;
}
