import { IDEA_IMAGES_BUCKET } from '@/data/ideas/image-urls';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * Removes images the member uploaded but no idea uses (one taken off the form, or the form left
 * before it was sent). Their own folder: the storage policy lets them. Best effort: a file that
 * cannot be removed now stays in the member's folder, shown nowhere.
 */
export async function removeIdeaImages(client: AppSupabaseClient, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await client.storage.from(IDEA_IMAGES_BUCKET).remove([...paths]);
  if (error) console.warn('Removing unused idea images failed', error);
}
