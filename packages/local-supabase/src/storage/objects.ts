// Object operations: upload (create, upsert, update), download (authenticated and public), remove and
// list. Rows in storage.objects are written and read as the caller, so the project's policies decide.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sqlOf, type Sql } from '../auth/db.ts';
import { header, sendJson } from '../http.ts';
import { assertMimeTypeAllowed, findBucket, sizeLimit } from './buckets.ts';
import { callerOf } from './caller.ts';
import { asCaller } from './db.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';
import { assertValidKey } from './files.ts';
import type { StorageContext } from './context.ts';
import { readJsonBody, requiredStringArray } from './json-body.ts';
import { readUpload, type UploadedFile } from './upload-body.ts';

/** storage-api's MAX_OBJECTS_PER_REQUEST (src/storage/limits.ts). */
export const MAX_OBJECTS_PER_REQUEST = 1000;

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  updated_at: Date;
  created_at: Date;
  last_accessed_at: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's `sub`, as storage-api's request.owner, and the uuid `owner` column it fills. */
export function ownerOf(claims: Record<string, unknown>): { owner: string | undefined; ownerId: string | undefined } {
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  return { owner: sub && UUID.test(sub) ? sub : undefined, ownerId: sub };
}

function objectMetadata(file: UploadedFile) {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.contentType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  };
}

export function withDatabaseErrors(error: unknown): never {
  throw fromDatabaseError(error) ?? error;
}

/**
 * POST (create, or upsert with x-upsert: true) and PUT (always an upsert, as storage-api's
 * updateObject route). As storage-api's Uploader: the policies are asked first with a trial row
 * written as the caller and rolled back, carrying only what is known before the body is stored,
 * {mimetype, contentLength} where contentLength is the request's Content-Length (canUpload); then
 * the file is stored and its row written without RLS, with the stored file's metadata
 * (completeUpload, as the superuser).
 */
export async function upload(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
): Promise<void> {
  assertValidKey(name);
  const caller = await callerOf(req);
  const bucket = await findBucket(ctx.db.owner, bucketId);
  const declaredLength = requestContentLength(req);
  const file = await readUpload(req, sizeLimit(bucket, ctx.config.fileSizeLimit));
  assertMimeTypeAllowed(bucket, file.contentType);
  const upsert = req.method === 'PUT' || header(req, 'x-upsert') === 'true';
  const row: Omit<ObjectValues, 'metadata' | 'version'> = {
    bucketId,
    name,
    ...ownerOf(caller.claims),
    userMetadata: file.userMetadata ?? undefined,
  };
  const info = {
    method: req.method ?? 'POST',
    path: req.url ?? '',
    operation: `storage.object.${upsert ? 'upsert' : 'create'}`,
  };
  const trial = {
    mimetype: file.contentType,
    ...(declaredLength === undefined ? {} : { contentLength: declaredLength }),
  };
  await asCaller(
    ctx.db,
    caller,
    info,
    (sql) => writeRow(sql, upsert, { ...row, metadata: trial, version: '1' }).catch(withDatabaseErrors),
    { rollback: true },
  );
  // The bytes wait next to their place until the row is committed: a failed row leaves no file.
  const staged = await ctx.files.stage(bucketId, name, file.bytes);
  let id: string;
  try {
    const client = await ctx.db.owner.connect();
    try {
      id =
        (await writeRow(sqlOf(client), true, { ...row, metadata: objectMetadata(file), version: randomUUID() }))?.id ??
        '';
    } finally {
      client.release();
    }
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await staged.commit();
  ctx.log.debug('storage', `${info.operation} ${bucketId}/${name} (${file.bytes.length} bytes) by ${caller.role}`);
  sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
}

/** The request's Content-Length: the size Storage tells the policies (for a form, with its framing). */
function requestContentLength(req: IncomingMessage): number | undefined {
  const value = Number(header(req, 'content-length'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export interface ObjectValues {
  bucketId: string;
  name: string;
  owner: string | undefined;
  ownerId: string | undefined;
  userMetadata: Record<string, unknown> | undefined;
  metadata: Record<string, unknown>;
  version: string;
}

/**
 * storage-api's createObject (a plain INSERT: only the insert policy is asked) and upsertObject
 * (INSERT … ON CONFLICT (name, bucket_id) DO UPDATE … RETURNING *: the insert, update and select
 * policies). Columns without a value are left out, as its normalizeRecordColumns does.
 */
export async function writeRow(sql: Sql, upsert: boolean, values: ObjectValues): Promise<ObjectRow | undefined> {
  const columns: Record<string, unknown> = {
    name: values.name,
    owner: values.owner,
    owner_id: values.ownerId,
    bucket_id: values.bucketId,
    metadata: values.metadata,
    version: values.version,
    user_metadata: values.userMetadata,
  };
  const names = Object.keys(columns).filter((column) => columns[column] !== undefined);
  const placeholders = names.map((_, index) => `$${index + 1}`).join(', ');
  const params = names.map((column) => columns[column]);
  if (!upsert) {
    await sql(`insert into storage.objects (${names.join(', ')}) values (${placeholders})`, params);
    return undefined;
  }
  const updates = ['metadata', 'user_metadata', 'version', 'owner', 'owner_id']
    .filter((column) => names.includes(column))
    .map((column) => `${column} = excluded.${column}`);
  const [row] = await sql<ObjectRow>(
    `insert into storage.objects (${names.join(', ')}) values (${placeholders})
      on conflict (name, bucket_id) do ${updates.length ? `update set ${updates.join(', ')}` : 'nothing'}
      returning *`,
    params,
  );
  return row;
}

/** GET/HEAD /object/{bucket}/{name} and /object/authenticated/…: the caller must be allowed to select it. */
export async function download(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  url: URL,
): Promise<void> {
  const caller = await callerOf(req);
  await findBucket(ctx.db.owner, bucketId);
  const row = await asCaller(
    ctx.db,
    caller,
    { method: req.method ?? 'GET', path: req.url ?? '', operation: 'storage.object.get' },
    (sql) => findObject(sql, bucketId, name),
  );
  await sendObject(ctx, req, res, row, { download: url.searchParams.get('download') });
}

/** GET/HEAD /object/public/{bucket}/{name}: only for public buckets, no policy involved. */
export async function downloadPublic(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  url: URL,
): Promise<void> {
  const bucket = await findBucket(ctx.db.owner, bucketId);
  if (!bucket.public) throw storageErrors.noSuchBucket();
  const row = await findObject(sqlOf(ctx.db.owner), bucketId, name);
  await sendObject(ctx, req, res, row, { download: url.searchParams.get('download') });
}

export async function findObject(sql: Sql, bucketId: string, name: string): Promise<ObjectRow> {
  const [row] = await sql<ObjectRow>('select * from storage.objects where bucket_id = $1 and name = $2', [
    bucketId,
    name,
  ]).catch(withDatabaseErrors);
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

export interface SendOptions {
  /** The `download` query parameter: a file name, or '' for an attachment without one. */
  download: string | null;
  /** A signed URL's expiry: sent as Expires instead of Cache-Control. */
  expires?: Date;
}

/**
 * The object's bytes with storage-api's asset renderer headers (renderer.ts setHeaders): type
 * (text/html served as text/plain), ETag, X-Robots-Tag, Last-Modified, length, Cache-Control or
 * Expires, and Content-Disposition for `download`. A row whose bytes are gone answers as the
 * renderer answers S3's 404.
 */
export async function sendObject(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  row: ObjectRow,
  { download, expires }: SendOptions,
) {
  const size = await ctx.files.size(row.bucket_id, row.name);
  if (size === undefined) throw storageErrors.assetNotFound();
  const metadata = row.metadata ?? {};
  const mimetype = String(metadata.mimetype ?? 'application/octet-stream');
  const headers: Record<string, string | number> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    'X-Robots-Tag': 'none',
    'Content-Length': size,
    'Last-Modified': new Date(String(metadata.lastModified ?? row.updated_at.toISOString())).toUTCString(),
  };
  if (metadata.eTag) headers.ETag = String(metadata.eTag);
  if (expires) headers.Expires = expires.toUTCString();
  else headers['Cache-Control'] = String(metadata.cacheControl ?? 'no-cache');
  if (download === '') headers['Content-Disposition'] = 'attachment;';
  else if (download !== null) {
    const filename = encodeURIComponent(download);
    headers['Content-Disposition'] = `attachment; filename=${filename}; filename*=UTF-8''${filename}`;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return void res.end();
  ctx.files.read(row.bucket_id, row.name).pipe(res);
}

/** DELETE /object/{bucket} { prefixes: [...] }: deletes what the caller may delete, answers the deleted rows. */
export async function remove(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(req);
  await findBucket(ctx.db.owner, bucketId);
  const prefixes = await readPrefixes(req);
  const rows = await asCaller(
    ctx.db,
    caller,
    { method: 'DELETE', path: req.url ?? '', operation: 'storage.object.delete_many' },
    (sql) =>
      sql<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [
        bucketId,
        prefixes,
      ]).catch(withDatabaseErrors),
  );
  await Promise.all(rows.map((row) => ctx.files.remove(bucketId, row.name)));
  sendJson(res, 200, rows);
}

/** storage-api's deleteObjects body: 1 to MAX_OBJECTS_PER_REQUEST (1000) prefixes. */
async function readPrefixes(req: IncomingMessage): Promise<string[]> {
  return requiredStringArray(await readJsonBody(req), 'prefixes', { minItems: 1, maxItems: MAX_OBJECTS_PER_REQUEST });
}
