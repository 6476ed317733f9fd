import type { SettingsMessageKey } from '@/i18n/settings';

/** product.md#dashboard-5, §9: JPG, PNG or WebP up to 2 MB in; a 400×400 JPEG of quality 0.95, avatar.jpg, out. */
export const AVATAR_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_OUTPUT = { size: 400, type: 'image/jpeg', quality: 0.95, name: 'avatar.jpg' } as const;
/** The crop: round, aspect 1, zoom 1 to 3 in steps of 0.1. */
export const AVATAR_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

/** The first rule a chosen file breaks, or null: type first ('Dozwolone formaty plików: …'), then size. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): SettingsMessageKey | null {
  if (!(AVATAR_INPUT_TYPES as readonly string[]).includes(file.type)) return 'validation.avatar.format';
  if (file.size > AVATAR_MAX_BYTES) return 'validation.file.max_2mb';
  return null;
}

export type PixelArea = { x: number; y: number; width: number; height: number };

/**
 * Draws the cropped area of the image onto a 400×400 canvas and encodes it as a JPEG of quality
 * 0.95, named avatar.jpg. (The crop is a square; the round shape is how it is shown.)
 */
export async function renderAvatar(image: CanvasImageSource, area: PixelArea): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_OUTPUT.size;
  canvas.height = AVATAR_OUTPUT.size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d context unavailable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_OUTPUT.size, AVATAR_OUTPUT.size);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, AVATAR_OUTPUT.type, AVATAR_OUTPUT.quality),
  );
  if (!blob) throw new Error('canvas.toBlob gave nothing');
  return new File([blob], AVATAR_OUTPUT.name, { type: AVATAR_OUTPUT.type });
}

/** Loads an image (an object URL of the chosen file) for drawing. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the image could not be read'));
    image.src = src;
  });
}
