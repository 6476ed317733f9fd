import { env } from '@/config/env';
import { IDEA_IMAGES_BUCKET, publicIdeaImageUrl } from '@/data/ideas/image-urls';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';

/** product.md#dashboard-9: "storage cache control 3600". */
const CACHE_CONTROL = 'max-age=3600';

export type UploadInput = {
  /** The object path inside idea-images: {uid}/{file}. */
  path: string;
  file: Blob;
  /** Share of the bytes sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
};

/**
 * Uploads one idea image to idea-images/{uid}/… and returns its public URL (product.md#dashboard-7
 * Storage: upload, then the public URL read back). It goes straight to Storage's REST endpoint
 * (POST /storage/v1/object/{bucket}/{path}, the raw bytes, as supabase-js sends them) through
 * XMLHttpRequest, which reports the bytes sent: supabase-js's upload has no progress callback.
 * The storage policies and the bucket's limits (5 MB, JPG/PNG/WebP) decide on the server.
 */
export async function uploadIdeaImage(client: AppSupabaseClient, input: UploadInput): Promise<string> {
  const { data, error } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (error || !token) throw new AppError('http.unauthorized', { status: 401, cause: error ?? undefined });
  const url = `${env.supabaseUrl}/storage/v1/object/${IDEA_IMAGES_BUCKET}/${input.path}`;

  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    input.signal?.addEventListener('abort', abort, { once: true });
    const done = () => input.signal?.removeEventListener('abort', abort);
    request.open('POST', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', env.supabaseAnonKey);
    request.setRequestHeader('Content-Type', input.file.type || 'application/octet-stream');
    request.setRequestHeader('Cache-Control', CACHE_CONTROL);
    request.setRequestHeader('x-upsert', 'false');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      done();
      if (request.status >= 200 && request.status < 300) {
        input.onProgress?.(1);
        resolve();
      } else {
        reject(new AppError('files.image_upload_failed', { status: request.status, details: request.responseText }));
      }
    });
    request.addEventListener('error', () => {
      done();
      reject(new AppError('network.failure', { code: 'network' }));
    });
    request.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    request.send(input.file);
  });

  return publicIdeaImageUrl(input.path);
}
