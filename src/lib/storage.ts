import type { AppSupabaseClient } from '@/lib/supabase';

/** The storage path inside `bucket` of one of its public URLs (…/storage/v1/object/public/{bucket}/{path}), or null. */
export function storagePathOf(url: string | null | undefined, bucket: string): string | null {
  if (!url) return null;
  const marker = `/storage/v1/object/public/${bucket}/`;
  const withoutQuery = url.split(/[?#]/)[0] ?? '';
  const index = withoutQuery.indexOf(marker);
  if (index === -1) return null;
  const path = decodeURIComponent(withoutQuery.slice(index + marker.length));
  return path && !path.includes('..') ? path : null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};

/** A type from the name, for files the browser gives none (an .ico often comes without one). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The MIME type the upload declares: the browser's, else the one the form accepted by the name. */
export function uploadContentType(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/**
 * Uploads a file under `folder/` of a public bucket (cache 3600, a fresh name so caches never show
 * an old image) and returns its public URL. Throws the Storage error as it came.
 *
 * The file goes up as a raw body with its type declared (supabase-js sends an ArrayBuffer as is, a
 * File as a multipart form): the storage policy's size limit (the favicon's 100 KB) measures the
 * request's Content-Length, which is then exactly the file the form accepted, and the bucket's type
 * list sees the type the form accepted even when the browser gave none.
 */
export async function uploadPublicFile(
  client: AppSupabaseClient,
  bucket: string,
  folder: string,
  file: File,
): Promise<{ path: string; url: string }> {
  const contentType = uploadContentType(file);
  const extension = EXTENSIONS[contentType] ?? file.name.split('.').pop()?.toLowerCase() ?? 'bin';
  const path = `${folder ? `${folder}/` : ''}${Date.now()}-${crypto.randomUUID().slice(0, 8)}.${extension}`;
  const { error } = await client.storage.from(bucket).upload(path, await file.arrayBuffer(), {
    cacheControl: '3600',
    upsert: false,
    contentType,
  });
  if (error) throw error;
  const { data } = client.storage.from(bucket).getPublicUrl(path);
  return { path, url: data.publicUrl };
}

/**
 * Removes files of one or more buckets through the Storage API (hosted projects refuse deleting
 * objects in SQL). Resolves with the paths that could not be removed (logged, never thrown: the
 * row they belonged to is already gone and the admin is told).
 */
export async function removeFiles(
  client: AppSupabaseClient,
  files: readonly { bucket: string; path: string }[],
): Promise<string[]> {
  const byBucket = new Map<string, string[]>();
  for (const file of files) byBucket.set(file.bucket, [...(byBucket.get(file.bucket) ?? []), file.path]);
  const failed: string[] = [];
  for (const [bucket, paths] of byBucket) {
    const { error } = await client.storage.from(bucket).remove(paths);
    if (error) {
      console.warn(`Removing files from ${bucket} failed`, error);
      failed.push(...paths.map((path) => `${bucket}/${path}`));
    }
  }
  return failed;
}

/** 'Nie udało się usunąć {count} pliku/plików z magazynu', by Polish plural form (lib/plural.ts). */
export const FILES_LEFT = {
  one: 'admin.files_left_one',
  few: 'admin.files_left_few',
  many: 'admin.files_left_many',
} as const;
