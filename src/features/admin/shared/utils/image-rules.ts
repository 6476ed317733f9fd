import type { AdminAreaMessageKey as MessageKey } from '@/i18n/admin';

export type ImageRules = {
  types: readonly string[];
  maxBytes: number;
  /** Dimension limits in pixels (both sides); omitted when only type and size matter. */
  minSide?: number;
  maxSide?: number;
  messages: { type: MessageKey; size: MessageKey };
};

/** App image (product.md#dashboard-5): JPEG/PNG/WebP, at most 2 MB, 100×100 to 2048×2048 px. */
export const APP_IMAGE_RULES: ImageRules = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
  minSide: 100,
  maxSide: 2048,
  messages: { type: 'validation.image.format', size: 'validation.file.max_2mb' },
};

/** Site images (product.md#dashboard-5): JPEG/PNG/WebP, 2 MB. */
export const SITE_IMAGE_RULES: ImageRules = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
  messages: { type: 'validation.image.format', size: 'validation.file.max_2mb' },
};

/** Favicon (product.md#dashboard-5): ICO or PNG, 100 KB. */
export const FAVICON_RULES: ImageRules = {
  types: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png'],
  maxBytes: 100 * 1024,
  messages: { type: 'validation.favicon.format', size: 'validation.favicon.size' },
};

export type ImageCheck = { ok: true; width?: number; height?: number } | { ok: false; error: MessageKey };

/** Reads an image's pixel size in the browser; rejects when the file is not a readable image. */
export function readImageSize(file: File): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      if (image.naturalWidth > 0 && image.naturalHeight > 0) {
        resolve({ width: image.naturalWidth, height: image.naturalHeight });
      } else {
        reject(new Error('no dimensions'));
      }
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable image'));
    };
    image.src = url;
  });
}

/**
 * The spec's checks in order: format, size, then (when the rules have them) readable dimensions
 * within the limits. The favicon's type is also accepted from its name (.ico files often come
 * without a MIME type).
 */
export async function checkImage(
  file: File,
  rules: ImageRules,
  readSize: (file: File) => Promise<{ width: number; height: number }> = readImageSize,
): Promise<ImageCheck> {
  const type = file.type || (file.name.toLowerCase().endsWith('.ico') ? 'image/x-icon' : '');
  if (!rules.types.includes(type)) return { ok: false, error: rules.messages.type };
  if (file.size > rules.maxBytes) return { ok: false, error: rules.messages.size };
  if (rules.minSide === undefined && rules.maxSide === undefined) return { ok: true };
  let size: { width: number; height: number };
  try {
    size = await readSize(file);
  } catch {
    return { ok: false, error: 'validation.image.unreadable' };
  }
  if (rules.minSide !== undefined && (size.width < rules.minSide || size.height < rules.minSide)) {
    return { ok: false, error: 'validation.image.min_dimensions' };
  }
  if (rules.maxSide !== undefined && (size.width > rules.maxSide || size.height > rules.maxSide)) {
    return { ok: false, error: 'validation.image.max_dimensions' };
  }
  return { ok: true, ...size };
}
