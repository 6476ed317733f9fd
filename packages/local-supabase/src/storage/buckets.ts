// Buckets: created from [storage.buckets.*] of config.toml at start (as `supabase start` seeds them),
// read as the storage owner, and their size and MIME limits.
import type pg from 'pg';
import type { BucketConfig } from '../config/config.ts';
import { storageErrors } from './errors.ts';

export interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

export async function syncBuckets(owner: pg.Pool, buckets: BucketConfig[]): Promise<void> {
  for (const bucket of buckets) {
    await owner.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
        values ($1, $1, $2, $3, $4)
        on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
    );
  }
}

export async function findBucket(owner: pg.Pool, id: string): Promise<BucketRow> {
  const { rows } = await owner.query<BucketRow>(
    'select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return rows[0];
}

/** The byte limit for uploads into the bucket: its own, else the global [storage] file_size_limit. */
export function sizeLimit(bucket: BucketRow, globalLimit: number): number {
  const own = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit);
  return own === null ? globalLimit : Math.min(own, globalLimit);
}

/** allowed_mime_types may use wildcards such as "image/*"; parameters (";charset=…") are ignored. */
export function assertMimeTypeAllowed(bucket: BucketRow, contentType: string): void {
  const allowed = bucket.allowed_mime_types;
  if (!allowed?.length) return;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const ok = allowed.some((pattern) => {
    const normalized = pattern.trim().toLowerCase();
    return normalized.endsWith('/*') ? type.startsWith(normalized.slice(0, -1)) : type === normalized;
  });
  if (!ok) throw storageErrors.invalidMimeType(contentType);
}
