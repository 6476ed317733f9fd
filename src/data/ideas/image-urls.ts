import { env } from '@/config/env';

export const IDEA_IMAGES_BUCKET = 'idea-images';

// The idea images of members and of the admin's moderation tab: one home for both (docs/decisions.md,
// issue 21). The database stores bare object paths; rows written before held public URLs.
const OBJECT_PATH = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_][A-Za-z0-9._-]{0,199}';
const BARE_PATH = new RegExp(`^(${OBJECT_PATH})$`);
const PUBLIC_PATH = new RegExp(`/storage/v1/object/public/idea-images/(${OBJECT_PATH})$`);

/** The object path ({uid}/{file}) of a stored idea image (a bare path, or an older public URL), or null. */
export function ideaImagePath(stored: string): string | null {
  return BARE_PATH.exec(stored)?.[1] ?? PUBLIC_PATH.exec(stored.split(/[?#]/)[0] ?? '')?.[1] ?? null;
}

/** Public URL of an object of idea-images, on this app's own Storage. */
export function publicIdeaImageUrl(path: string, supabaseUrl: string = env.supabaseUrl): string {
  return `${supabaseUrl}/storage/v1/object/public/${IDEA_IMAGES_BUCKET}/${path}`;
}

/**
 * The address an idea's image is shown from (board and moderation tab): rebuilt from its object path
 * with the app's own Storage URL, so no browser loads a host someone wrote into a row. Null otherwise.
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
