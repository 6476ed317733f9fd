import { vi } from 'vitest';

/**
 * The test DOM decodes no images: these stand-ins give object URLs named after the file and an Image that
 * "loads" with the size written in the file name (`photo-256x256.png`) or fails (`broken.png`).
 */
export function fakeImageDecoding(): void {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((file: File) => `blob:${file.name}`),
      revokeObjectURL: vi.fn(),
    }),
  );
  class FakeImage {
    naturalWidth = 0;
    naturalHeight = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      const size = /-(\d+)x(\d+)\.\w+$/.exec(url);
      setTimeout(() => {
        if (!size) return this.onerror?.();
        this.naturalWidth = Number(size[1]);
        this.naturalHeight = Number(size[2]);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
}

/** A file of the given type and size in bytes. */
export function fileOf(name: string, type: string, bytes = 1024): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
