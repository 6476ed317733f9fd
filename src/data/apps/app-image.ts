import { AppError } from '@/lib/errors';
import { removeFiles, storagePathOf, uploadPublicFile } from '@/lib/storage';
import type { AppSupabaseClient } from '@/lib/supabase';

export const APP_IMAGES_BUCKET = 'app-images';

/** A new image chosen in the form, already checked (format, size, dimensions). */
export type AppImageUpload = { file: File; width: number; height: number };

/** Uploads to app-images and returns the columns the row stores; the spec's texts on failure. */
export async function uploadAppImage(client: AppSupabaseClient, image: AppImageUpload) {
  let uploaded: { url: string };
  try {
    uploaded = await uploadPublicFile(client, APP_IMAGES_BUCKET, '', image.file);
  } catch (error) {
    throw new AppError('files.image_upload_failed', { cause: error });
  }
  if (!uploaded.url) throw new AppError('files.url_failed');
  return {
    image_url: uploaded.url,
    image_width: image.width,
    image_height: image.height,
    image_size: image.file.size,
  };
}

/** Removes an app's image file (after its row no longer points at it). */
export async function removeAppImage(client: AppSupabaseClient, url: string | null | undefined): Promise<string[]> {
  const path = storagePathOf(url, APP_IMAGES_BUCKET);
  return path ? removeFiles(client, [{ bucket: APP_IMAGES_BUCKET, path }]) : [];
}
