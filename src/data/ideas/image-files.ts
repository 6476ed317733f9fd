import type { IdeasMessageKey } from '@/i18n/ideas';

/** product.md#dashboard-5 and §9: at most 5 images, each at most 5 MB, JPG, PNG or WebP. */
export const MAX_IDEA_IMAGES = 5;
export const MAX_IDEA_IMAGE_BYTES = 5 * 1024 * 1024;
export const IDEA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What the file picker offers (the types and their usual extensions). */
export const IDEA_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

const EXTENSIONS: Record<(typeof IDEA_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The first rule a chosen file breaks, or null: not an image at all ('Plik musi być obrazem'),
 * an image of another format, larger than 5 MB ('Maksymalny rozmiar pliku to 5MB').
 */
export function checkIdeaImage(file: Pick<File, 'type' | 'size'>): IdeasMessageKey | null {
  if (!file.type.startsWith('image/')) return 'validation.file.not_image';
  if (!(IDEA_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.idea.image_format';
  if (file.size > MAX_IDEA_IMAGE_BYTES) return 'validation.file.max_5mb';
  return null;
}

/** The file name's extension for a checked image (from its type, never from the name typed by a user). */
export function imageExtension(type: string): string {
  return EXTENSIONS[type as keyof typeof EXTENSIONS] ?? 'bin';
}

/**
 * Splits a choice of files into those that can be added (up to the free places) and the message
 * to show for the rest: the first rule broken, or 'Możesz dodać maksymalnie 5 obrazków'.
 */
export function acceptIdeaImages<T extends Pick<File, 'type' | 'size'>>(
  chosen: readonly T[],
  alreadySelected: number,
): { accepted: T[]; problem: IdeasMessageKey | null } {
  const accepted: T[] = [];
  let problem: IdeasMessageKey | null = null;
  for (const file of chosen) {
    const broken = checkIdeaImage(file);
    if (broken) {
      problem ??= broken;
      continue;
    }
    if (alreadySelected + accepted.length >= MAX_IDEA_IMAGES) {
      problem ??= 'validation.idea.images_max';
      continue;
    }
    accepted.push(file);
  }
  return { accepted, problem };
}
