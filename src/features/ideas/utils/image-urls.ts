import { env } from '@/config/env';

export const IDEA_IMAGES_BUCKET = 'idea-images';

const PUBLIC_PATH = /\/storage\/v1\/object\/public\/idea-images\/([0-9a-f-]{36}\/[A-Za-z0-9_][A-Za-z0-9._-]*)$/;

/** The object path ({uid}/{file}) of a stored idea image URL, or null when it is not one. */
export function ideaImagePath(url: string): string | null {
  return PUBLIC_PATH.exec(url.split(/[?#]/)[0] ?? '')?.[1] ?? null;
}

/** Public URL of an object of idea-images, on this app's own Storage. */
export function publicIdeaImageUrl(path: string, supabaseUrl: string = env.supabaseUrl): string {
  return `${supabaseUrl}/storage/v1/object/public/${IDEA_IMAGES_BUCKET}/${path}`;
}

/**
 * The address an idea's image is shown from: rebuilt from its object path with the app's own
 * Storage URL, so the board never loads a host someone wrote into a row. Null for anything else.
 */
export function ideaImageSrc(url: string): string | null {
  const path = ideaImagePath(url);
  return path ? publicIdeaImageUrl(path) : null;
}

/** A new, unguessable object path in the member's own folder: {uid}/{time}-{random}.{ext}. */
export function newIdeaImagePath(userId: string, extension: string): string {
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 12);
  return `${userId}/${Date.now()}-${random}.${extension}`;
}
