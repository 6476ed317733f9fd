import { fakeImageDecoding, fileOf } from '../../../testing/fake-images';
import { APP_IMAGE_RULES, checkImage, FAVICON_RULES, readImageSize, SITE_IMAGE_RULES } from '../image-rules';

const sized = (width: number, height: number) => () => Promise.resolve({ width, height });

describe('the image rules (product.md#dashboard-5)', () => {
  it('app image: JPEG, PNG or WebP only ("Niedozwolony format pliku...")', async () => {
    expect(await checkImage(fileOf('a.gif', 'image/gif'), APP_IMAGE_RULES, sized(200, 200))).toEqual({
      ok: false,
      error: 'validation.image.format',
    });
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(await checkImage(fileOf('a', type), APP_IMAGE_RULES, sized(200, 200))).toEqual({
        ok: true,
        width: 200,
        height: 200,
      });
    }
  });

  it('app image: at most 2 MB', async () => {
    const over = fileOf('a.png', 'image/png', 2 * 1024 * 1024 + 1);
    expect(await checkImage(over, APP_IMAGE_RULES, sized(200, 200))).toEqual({
      ok: false,
      error: 'validation.file.max_2mb',
    });
    const limit = fileOf('a.png', 'image/png', 2 * 1024 * 1024);
    expect((await checkImage(limit, APP_IMAGE_RULES, sized(200, 200))).ok).toBe(true);
  });

  it('app image: 100×100 to 2048×2048 px, both sides', async () => {
    const png = fileOf('a.png', 'image/png');
    expect(await checkImage(png, APP_IMAGE_RULES, sized(99, 500))).toEqual({
      ok: false,
      error: 'validation.image.min_dimensions',
    });
    expect(await checkImage(png, APP_IMAGE_RULES, sized(500, 99))).toEqual({
      ok: false,
      error: 'validation.image.min_dimensions',
    });
    expect(await checkImage(png, APP_IMAGE_RULES, sized(2049, 500))).toEqual({
      ok: false,
      error: 'validation.image.max_dimensions',
    });
    expect((await checkImage(png, APP_IMAGE_RULES, sized(100, 2048))).ok).toBe(true);
  });

  it('app image: an unreadable file gives "Nie można odczytać wymiarów obrazu"', async () => {
    const broken = () => Promise.reject(new Error('decode'));
    expect(await checkImage(fileOf('a.png', 'image/png'), APP_IMAGE_RULES, broken)).toEqual({
      ok: false,
      error: 'validation.image.unreadable',
    });
  });

  it('site images: JPEG/PNG/WebP, 2 MB, any size; favicon: ICO or PNG, 100 KB', async () => {
    const never = () => Promise.reject(new Error('not read'));
    expect((await checkImage(fileOf('og.webp', 'image/webp'), SITE_IMAGE_RULES, never)).ok).toBe(true);
    expect(await checkImage(fileOf('f.jpg', 'image/jpeg'), FAVICON_RULES, never)).toEqual({
      ok: false,
      error: 'validation.favicon.format',
    });
    expect((await checkImage(fileOf('f.ico', ''), FAVICON_RULES, never)).ok).toBe(true);
    expect(await checkImage(fileOf('f.png', 'image/png', 100 * 1024 + 1), FAVICON_RULES, never)).toEqual({
      ok: false,
      error: 'validation.favicon.size',
    });
  });

  it('reads the pixel size in the browser', async () => {
    fakeImageDecoding();
    expect(await readImageSize(fileOf('photo-300x150.png', 'image/png'))).toEqual({ width: 300, height: 150 });
    await expect(readImageSize(fileOf('broken.png', 'image/png'))).rejects.toThrow();
  });
});
