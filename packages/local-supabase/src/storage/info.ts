// GET /object/info/{bucket}/{name} (and /object/info/authenticated/…, /object/info/public/…): an
// object's details as JSON, as storage-api answers them (supabase/storage at commit 4fa61fba:
// src/http/routes/object/getObjectInfo.ts, src/storage/renderer/info.ts and head.ts). A private
// bucket's object is looked up as the caller (the select policy decides); a public bucket's, or one
// asked for by the public route, as the storage owner. Without a valid JWT only public buckets answer
// (the plain route lets an invalid JWT through as anonymous, the authenticated route refuses it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sqlOf } from '../auth/db.ts';
import { sendJson } from '../http.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller, type Caller } from './db.ts';
import { storageErrors } from './errors.ts';
import { assertValidKey } from './files.ts';
import { findObject, type ObjectRow } from './objects.ts';

export type InfoRoute = 'plain' | 'authenticated' | 'public';

async function authenticatedCaller(req: IncomingMessage, route: InfoRoute): Promise<Caller | undefined> {
  if (route === 'public') return undefined;
  if (route === 'authenticated') return callerOf(req);
  return callerOf(req).catch(() => undefined);
}

export async function objectInfo(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  route: InfoRoute,
): Promise<void> {
  const caller = await authenticatedCaller(req, route);
  const { rows: buckets } = await ctx.db.owner.query<{ id: string; public: boolean | null }>(
    'select id, public from storage.buckets where id = $1',
    [bucketId],
  );
  const bucket = buckets[0];
  if (!bucket || (!caller && !bucket.public)) throw storageErrors.noSuchBucket();
  assertValidKey(name);
  const row =
    bucket.public || route === 'public' || !caller
      ? await findObject(sqlOf(ctx.db.owner), bucketId, name)
      : await asCaller(
          ctx.db,
          caller,
          { method: 'GET', path: req.url ?? '', operation: 'storage.object.info' },
          (sql) => findObject(sql, bucketId, name),
        );
  sendInfo(res, row);
}

/** InfoRenderer: the body, and the stored object's ETag, Last-Modified and Cache-Control. */
function sendInfo(res: ServerResponse, row: ObjectRow): void {
  const metadata = row.metadata ?? {};
  const text = (key: string) => (typeof metadata[key] === 'string' ? (metadata[key] as string) : null);
  const headers: Record<string, string> = {};
  if (text('eTag')) headers.ETag = text('eTag') as string;
  const lastModified = new Date(String(metadata.lastModified ?? ''));
  if (!Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  if (text('cacheControl')) headers['Cache-Control'] = text('cacheControl') as string;
  const status = typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : 200;
  sendJson(
    res,
    status,
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: typeof metadata.size === 'number' ? metadata.size : null,
      content_type: text('mimetype'),
      cache_control: text('cacheControl'),
      etag: text('eTag'),
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    headers,
  );
}
