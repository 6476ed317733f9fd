// POST /object/move and POST /object/copy, as storage-api serves them (supabase/storage at commit
// 4fa61fba: src/http/routes/object/moveObject.ts, copyObject.ts, src/storage/object.ts moveObject and
// copyObject, src/storage/uploader.ts canUpload).
//   move: the policies are asked in a transaction as the caller that is rolled back (testPermission):
//         select the source, then UPDATE it to the new name/bucket/owner (update policy, its with
//         check on the new row); the move itself is done as the storage owner. Answers
//         { message: "Successfully moved" } (the route's response schema keeps only that).
//   copy: the source is selected as the caller, then the destination is tried as an upload would be
//         (INSERT, or the upsert with x-upsert: true, rolled back); the copy is upserted as the storage
//         owner. Answers { Id, Key: "<bucket>/<key>", …the new row }.
// The mover or copier becomes the owner (`sub` of the JWT; unchanged for the service role).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { transaction, type Sql } from '../auth/db.ts';
import { header, sendJson } from '../http.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';
import { assertValidKey } from './files.ts';
import { optionalBoolean, optionalString, readJsonBody, requiredString, requireProperties } from './json-body.ts';
import { findObject, ownerOf, withDatabaseErrors, writeRow, type ObjectRow } from './objects.ts';

interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function readTransfer(req: IncomingMessage) {
  const body = await readJsonBody(req);
  requireProperties(body, ['bucketId', 'sourceKey', 'destinationKey']);
  const bucketId = requiredString(body, 'bucketId');
  const transfer: Transfer = {
    bucketId,
    sourceKey: requiredString(body, 'sourceKey'),
    destinationKey: requiredString(body, 'destinationKey'),
    destinationBucket: optionalString(body, 'destinationBucket') || bucketId,
  };
  return { body, transfer };
}

function withDuplicateAsResource(error: unknown): never {
  throw fromDatabaseError(error, { duplicate: storageErrors.resourceAlreadyExists }) ?? error;
}

export async function move(ctx: StorageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { transfer } = await readTransfer(req);
  const caller = await callerOf(req);
  const { bucketId, sourceKey, destinationBucket, destinationKey } = transfer;
  assertValidKey(destinationKey);
  const { owner, ownerId } = ownerOf(caller.claims);
  const version = randomUUID();
  const moved = (sql: Sql) =>
    sql<ObjectRow>(
      `update storage.objects set name = $3, bucket_id = $4, version = $5,
          owner = coalesce($6::uuid, owner), owner_id = coalesce($7, owner_id)
        where bucket_id = $1 and name = $2 returning *`,
      [bucketId, sourceKey, destinationKey, destinationBucket, version, owner ?? null, ownerId ?? null],
    ).catch(withDuplicateAsResource);
  await asCaller(
    ctx.db,
    caller,
    { method: 'POST', path: req.url ?? '', operation: 'storage.object.move' },
    async (sql) => {
      await findObject(sql, bucketId, sourceKey);
      if (!(await moved(sql))[0]) throw storageErrors.noSuchKey();
    },
    { rollback: true },
  );
  if (bucketId !== destinationBucket || sourceKey !== destinationKey) {
    const staged = await ctx.files.stageCopy(
      { bucket: bucketId, name: sourceKey },
      { bucket: destinationBucket, name: destinationKey },
    );
    try {
      await transaction(ctx.db.owner, async (sql) => {
        const [row] = await moved(sql);
        if (!row) throw storageErrors.noSuchKey();
        await sql(
          `update storage.objects set metadata = metadata || jsonb_build_object('lastModified', $2::text) where id = $1`,
          [row.id, new Date().toISOString()],
        );
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
    await staged.commit();
    await ctx.files.remove(bucketId, sourceKey);
  }
  ctx.log.debug('storage', `move ${bucketId}/${sourceKey} → ${destinationBucket}/${destinationKey} by ${caller.role}`);
  sendJson(res, 200, { message: 'Successfully moved' });
}

export async function copy(ctx: StorageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { body, transfer } = await readTransfer(req);
  const copyMetadata = optionalBoolean(body, 'copyMetadata') ?? true;
  const fileMetadata = readFileMetadata(body.metadata);
  const caller = await callerOf(req);
  const { bucketId, sourceKey, destinationBucket, destinationKey } = transfer;
  assertValidKey(destinationKey);
  const upsert = header(req, 'x-upsert') === 'true';
  const info = { method: 'POST', path: req.url ?? '', operation: 'storage.object.copy' };
  const source = await asCaller(ctx.db, caller, info, (sql) => findObject(sql, bucketId, sourceKey));
  const metadata: Record<string, unknown> = { ...(source.metadata ?? {}) };
  if (!copyMetadata) {
    if (fileMetadata.cacheControl !== undefined) metadata.cacheControl = fileMetadata.cacheControl;
    if (fileMetadata.mimetype !== undefined) metadata.mimetype = fileMetadata.mimetype;
  }
  const userMetadata = copyMetadata ? source.user_metadata : userMetadataHeader(req);
  const destination = {
    bucketId: destinationBucket,
    name: destinationKey,
    ...ownerOf(caller.claims),
    userMetadata: userMetadata ?? undefined,
  };
  await asCaller(
    ctx.db,
    caller,
    info,
    (sql) => writeRow(sql, upsert, { ...destination, metadata, version: '1' }).catch(withDatabaseErrors),
    { rollback: true },
  );
  const staged = await ctx.files.stageCopy(
    { bucket: bucketId, name: sourceKey },
    { bucket: destinationBucket, name: destinationKey },
  );
  let row: ObjectRow | undefined;
  try {
    row = await transaction(ctx.db.owner, (sql) =>
      writeRow(sql, true, {
        ...destination,
        metadata: { ...metadata, lastModified: new Date().toISOString() },
        version: randomUUID(),
      }),
    );
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await staged.commit();
  ctx.log.debug('storage', `copy ${bucketId}/${sourceKey} → ${destinationBucket}/${destinationKey} by ${caller.role}`);
  sendJson(res, 200, { Id: row?.id, Key: `${destinationBucket}/${destinationKey}`, ...copiedObject(row) });
}

/** The body's `metadata` ({ cacheControl?, mimetype? } strings, per the route's schema). */
function readFileMetadata(value: unknown): { cacheControl?: string; mimetype?: string } {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw storageErrors.validation('body/metadata must be object');
  const metadata = value as Record<string, unknown>;
  for (const key of ['cacheControl', 'mimetype']) {
    if (metadata[key] !== undefined && typeof metadata[key] !== 'string') {
      throw storageErrors.validation(`body/metadata/${key} must be string`);
    }
  }
  return metadata as { cacheControl?: string; mimetype?: string };
}

/** x-metadata: base64 JSON, ignored when it does not parse (uploader.ts parseUserMetadata). */
function userMetadataHeader(req: IncomingMessage): Record<string, unknown> | undefined {
  const value = header(req, 'x-metadata');
  if (value === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The row as the route's response schema (objectSchema) serializes it: only its properties, a
 * null string as "" (fast-json-stringify), dates as ISO strings.
 */
function copiedObject(row: ObjectRow | undefined): Record<string, unknown> {
  if (!row) return {};
  const text = (value: string | null) => value ?? '';
  return {
    name: text(row.name),
    bucket_id: text(row.bucket_id),
    owner: text(row.owner),
    owner_id: text(row.owner_id),
    version: text(row.version),
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}
