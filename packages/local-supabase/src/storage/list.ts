// POST /object/list/{bucket} { prefix, limit, offset, sortBy, search }: the objects and "folders"
// directly under a prefix that the caller may select (storage.search, computed here).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http.ts';
import { findBucket } from './buckets.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { fromDatabaseError, storageErrors } from './errors.ts';

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  order: 'asc' | 'desc';
  search: string;
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

interface Row {
  id: string;
  name: string;
  updated_at: Date;
  created_at: Date;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

const COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

async function readOptions(req: IncomingMessage): Promise<ListOptions> {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  if (typeof body.prefix !== 'string') throw storageErrors.invalidRequest("body must have required property 'prefix'");
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && COLUMNS.has(sortBy.column) ? sortBy.column : 'name';
  return {
    prefix: body.prefix.replace(/^\/+/, ''),
    limit: typeof body.limit === 'number' ? body.limit : 100,
    offset: typeof body.offset === 'number' ? body.offset : 0,
    column: column as ListOptions['column'],
    order: sortBy.order === 'desc' ? 'desc' : 'asc',
    search: typeof body.search === 'string' ? body.search : '',
  };
}

export async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const caller = await callerOf(req);
  await findBucket(ctx.db.owner, bucketId);
  const options = await readOptions(req);
  const folder = options.prefix && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
  const rows = await asCaller(
    ctx.db,
    caller,
    { method: 'POST', path: req.url ?? '', operation: 'storage.object.list' },
    (sql) =>
      sql<Row>(
        `select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects
        where bucket_id = $1 and starts_with(name, $2)`,
        [bucketId, folder],
      ),
  ).catch((error: unknown) => {
    throw fromDatabaseError(error) ?? error;
  });
  const entries = entriesUnder(rows, folder).filter((entry) =>
    entry.name.toLowerCase().startsWith(options.search.toLowerCase()),
  );
  sendJson(res, 200, sortEntries(entries, options).slice(options.offset, options.offset + options.limit));
}

function entriesUnder(rows: Row[], folder: string): Entry[] {
  const folders = new Map<string, Entry>();
  const files: Entry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(folder.length);
    const slash = rest.indexOf('/');
    if (slash === -1) {
      files.push({
        name: rest,
        id: row.id,
        updated_at: row.updated_at.toISOString(),
        created_at: row.created_at.toISOString(),
        last_accessed_at: row.last_accessed_at?.toISOString() ?? null,
        metadata: row.metadata,
      });
    } else {
      const name = rest.slice(0, slash);
      folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  return [...folders.values(), ...files];
}

function sortEntries(entries: Entry[], options: ListOptions): Entry[] {
  const direction = options.order === 'desc' ? -1 : 1;
  return [...entries].sort((a, b) => {
    const left = a[options.column] ?? '';
    const right = b[options.column] ?? '';
    return left < right ? -direction : left > right ? direction : 0;
  });
}
