// POST /object/list-v2/{bucket} { prefix?, limit?, cursor?, with_delimiter?, sortBy? }: a page of the
// objects under a prefix, as storage-api answers it (supabase/storage at commit 4fa61fba:
// src/http/routes/object/listObjectsV2.ts, src/storage/object.ts listObjectsV2, src/storage/database/pg.ts
// listObjectsV2 and the SQL of migrations/tenant/0050-search-v2-optimised.sql: search_v2,
// list_objects_with_delimiter, search_by_timestamp, get_common_prefix). The rows are read as the
// caller (the SQL functions are security invoker: only what the select policy shows, folders
// included); paging and folding into folders are done here the way those functions do them.
//   → { hasNext, nextCursor?, nextCursorKey?, folders: [...], objects: [...] }
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { callerOf } from './caller.ts';
import type { StorageContext } from './context.ts';
import { asCaller } from './db.ts';
import { storageErrors } from './errors.ts';
import { optionalBoolean, optionalInteger, optionalString, readJsonBody } from './json-body.ts';
import { withDatabaseErrors } from './objects.ts';

type SortColumn = 'name' | 'created_at' | 'updated_at';
type SortOrder = 'asc' | 'desc';

interface Request {
  prefix: string;
  limit: number;
  cursor: Cursor | undefined;
  delimiter: boolean;
  column: SortColumn | undefined;
  order: SortOrder | undefined;
}

interface Row {
  id: string | null;
  name: string;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

type Listed = Row & { key?: string };

interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}

const COLUMNS = new Set(['name', 'updated_at', 'created_at']);
const ORDERS = new Set(['asc', 'desc']);

async function readRequest(req: IncomingMessage): Promise<Request> {
  const body = await readJsonBody(req);
  const sortBy = body.sortBy;
  let column: SortColumn | undefined;
  let order: SortOrder | undefined;
  if (sortBy !== undefined) {
    if (!sortBy || typeof sortBy !== 'object' || Array.isArray(sortBy))
      throw storageErrors.validation('body/sortBy must be object');
    const sort = sortBy as Record<string, unknown>;
    if (sort.column === undefined) throw storageErrors.validation("body/sortBy must have required property 'column'");
    if (!COLUMNS.has(String(sort.column))) {
      throw storageErrors.validation('body/sortBy/column must be equal to one of the allowed values');
    }
    if (sort.order !== undefined && !ORDERS.has(String(sort.order))) {
      throw storageErrors.validation('body/sortBy/order must be equal to one of the allowed values');
    }
    column = sort.column as SortColumn;
    order = sort.order as SortOrder | undefined;
  }
  const cursor = optionalString(body, 'cursor');
  return {
    prefix: optionalString(body, 'prefix') ?? '',
    // object.ts: at most 1000 a page (the default too).
    limit: Math.min(optionalInteger(body, 'limit', 1) || 1000, 1000),
    cursor: cursor ? decodeCursor(cursor) : undefined,
    delimiter: optionalBoolean(body, 'with_delimiter') ?? false,
    column,
    order,
  };
}

/** The continuation token: base64 of "l:<startAfter>\no:<order>\nc:<column>\na:<after>" (set parts only). */
const CURSOR_PARTS: [string, keyof Cursor][] = [
  ['l', 'startAfter'],
  ['o', 'sortOrder'],
  ['c', 'sortColumn'],
  ['a', 'sortColumnAfter'],
];

function encodeCursor(cursor: Cursor): string {
  let text = '';
  for (const [letter, key] of CURSOR_PARTS) if (cursor[key]) text += `${letter}:${cursor[key]}\n`;
  return Buffer.from(text.slice(0, -1)).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(part);
    const key = CURSOR_PARTS.find(([letter]) => letter === match?.[1])?.[1];
    if (!match || !key) throw storageErrors.invalidParameter('continuation token');
    cursor[key] = match[2] as string;
  }
  return cursor;
}

export async function listV2(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  const request = await readRequest(req);
  const caller = await callerOf(req);
  const order: SortOrder = (request.cursor?.sortOrder || request.order) === 'desc' ? 'desc' : 'asc';
  const column = (request.cursor?.sortColumn || request.column) as SortColumn | undefined;
  const after = request.cursor?.sortColumnAfter;
  const startAfter = request.cursor?.startAfter ?? '';
  const rows = await asCaller(
    ctx.db,
    caller,
    { method: 'POST', path: req.url ?? '', operation: 'storage.object.list_v2' },
    (sql) =>
      sql<Row>(
        `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
          where bucket_id = $1 and starts_with(name, $2) order by name collate "C"`,
        [bucketId, request.prefix],
      ).catch(withDatabaseErrors),
  );
  const page = { limit: request.limit + 1, order, startAfter, after };
  let listed: Listed[];
  const timeColumn = column === 'name' ? undefined : column;
  if (!request.delimiter) listed = flat(rows, { ...page, column: timeColumn });
  else if (!timeColumn) listed = foldedByName(rows, request.prefix, page);
  else listed = foldedByTime(rows, request.prefix, { ...page, column: timeColumn });
  sendJson(res, 200, result(listed, request, { column, cursor: request.cursor }));
}

interface Page {
  limit: number;
  order: SortOrder;
  startAfter: string;
  after: string | undefined;
}

/** Byte order (COLLATE "C"). */
const compare = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const millis = (date: Date | null) => (date ? Math.floor(date.getTime()) : 0);

/** pg.ts without a delimiter: every object under the prefix, by (column,) name. */
type TimeColumn = 'created_at' | 'updated_at';

function flat(rows: Row[], { limit, order, startAfter, after, column }: Page & { column: TimeColumn | undefined }) {
  const direction = order === 'asc' ? 1 : -1;
  const key = (row: Row): [number, string] => [column ? millis(row[column]) : 0, row.name];
  const cursorKey: [number, string] = [after ? new Date(after).getTime() : 0, startAfter];
  const sorted = [...rows].sort((a, b) => direction * compareKeys(key(a), key(b)));
  const filtered = startAfter
    ? sorted.filter((row) =>
        column && after
          ? direction * compareKeys(key(row), cursorKey) > 0
          : direction * compare(row.name, startAfter) > 0,
      )
    : sorted;
  return filtered.slice(0, limit);
}

function compareKeys(a: [number, string], b: [number, string]): number {
  return a[0] !== b[0] ? a[0] - b[0] : compare(a[1], b[1]);
}

/** get_common_prefix: the prefix up to and including the first "/" after it, or null for a leaf. */
function commonPrefix(name: string, prefix: string): string | null {
  const slash = name.indexOf('/', prefix.length);
  return slash === -1 ? null : name.slice(0, slash + 1);
}

function levelOf(prefix: string): number {
  return prefix ? prefix.split('/').length : 1;
}

function folder(name: string, key: string, createdAt: Date | null = null): Listed {
  return {
    key,
    name,
    id: null,
    updated_at: createdAt,
    created_at: createdAt,
    last_accessed_at: null,
    metadata: null,
  };
}

const keyOf = (name: string, level: number) => name.split('/')[level - 1] ?? '';

/**
 * list_objects_with_delimiter (search_v2 by name): folders once each (name without the trailing
 * "/"), leaves as rows, in name order, after the cursor (a folder cursor skips the whole folder).
 */
function foldedByName(rows: Row[], prefix: string, { limit, order, startAfter }: Page): Listed[] {
  const level = levelOf(prefix);
  const names = order === 'asc' ? rows : [...rows].reverse();
  let seek: string | null = null;
  if (startAfter) {
    const isFolder = rows.some((row) => row.name.startsWith(`${startAfter}/`));
    seek = order === 'asc' ? `${startAfter}${isFolder ? '0' : '/'}` : isFolder ? `${startAfter}/` : startAfter;
  }
  const listed: Listed[] = [];
  let lastFolder: string | null = null;
  for (const row of names) {
    if (seek !== null && (order === 'asc' ? compare(row.name, seek) < 0 : compare(row.name, seek) >= 0)) continue;
    if (listed.length >= limit) break;
    const common = commonPrefix(row.name, prefix);
    if (common === null) {
      listed.push({ key: keyOf(row.name, level), ...row });
    } else if (common !== lastFolder) {
      lastFolder = common;
      const name = common.slice(0, -1);
      listed.push(folder(name, keyOf(name, level)));
    }
  }
  return listed;
}

/**
 * search_by_timestamp: folders carry the earliest created_at of what they hold (as updated_at and
 * created_at); everything is ordered by the column (to the millisecond), then by name.
 */
function foldedByTime(
  rows: Row[],
  prefix: string,
  { limit, order, startAfter, after, column }: Page & { column: TimeColumn },
): Listed[] {
  const level = levelOf(prefix);
  const folders = new Map<string, Date | null>();
  const leaves: Listed[] = [];
  for (const row of rows) {
    const common = commonPrefix(row.name, prefix);
    if (common === null) {
      leaves.push({ key: keyOf(row.name, level), ...row });
      continue;
    }
    const earliest = folders.get(common);
    if (!folders.has(common) || (row.created_at && (!earliest || row.created_at < earliest))) {
      folders.set(common, row.created_at);
    }
  }
  const combined = [
    ...[...folders].map(([common, createdAt]) => {
      const name = common.slice(0, -1);
      return folder(name, keyOf(name, level), createdAt);
    }),
    ...leaves,
  ];
  const direction = order === 'asc' ? 1 : -1;
  const key = (entry: Listed): [number, string] => [millis(entry[column]), entry.name];
  const cursorKey: [number, string] = [after ? new Date(after).getTime() : 0, startAfter];
  return combined
    .filter((entry) => !startAfter || direction * compareKeys(key(entry), cursorKey) > 0)
    .sort((a, b) => direction * compareKeys(key(a), key(b)))
    .slice(0, limit);
}

/** object.ts listObjectsV2: folders (named with their "/") apart from objects, and the next cursor. */
function result(
  listed: Listed[],
  request: Request,
  { column, cursor }: { column: SortColumn | undefined; cursor: Cursor | undefined },
) {
  const hasNext = listed.length > request.limit;
  const count = hasNext ? request.limit : listed.length;
  const folders: Listed[] = [];
  const objects: Listed[] = [];
  for (const entry of listed.slice(0, count)) {
    if (entry.id === null) folders.push({ ...entry, name: entry.name.endsWith('/') ? entry.name : `${entry.name}/` });
    else objects.push(entry);
  }
  if (!hasNext) return { hasNext, folders, objects };
  const last = listed[count - 1] as Listed;
  const value = column && column !== 'name' ? last[column] : null;
  return {
    hasNext,
    nextCursor: encodeCursor({
      startAfter: last.name,
      sortOrder: cursor?.sortOrder || request.order,
      sortColumn: column,
      sortColumnAfter: value ? new Date(value).toISOString() : undefined,
    }),
    nextCursorKey: last.name,
    folders,
    objects,
  };
}
