import { chunkLoader, failedChunkUrl } from '../chunk-loader';

const CHROMIUM_FAILURE = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/register-form-Ab12.js',
);

describe('failedChunkUrl', () => {
  it('reads the address from Chromium’s and Firefox’s words', () => {
    expect(failedChunkUrl(CHROMIUM_FAILURE)).toBe('http://127.0.0.1:4173/assets/register-form-Ab12.js');
    expect(
      failedChunkUrl(new TypeError('error loading dynamically imported module: http://localhost/assets/x-1.js')),
    ).toBe('http://localhost/assets/x-1.js');
  });

  it('drops the query of an earlier retry and keeps any other', () => {
    expect(
      failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: http://h/src/a.tsx?t=5&retry=2')),
    ).toBe('http://h/src/a.tsx?t=5');
  });

  it('finds none in WebKit’s words or in other errors', () => {
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedChunkUrl(new Error('boom'))).toBeNull();
    expect(failedChunkUrl(null)).toBeNull();
  });
});

describe('chunkLoader', () => {
  it('loads once and keeps the module for every later call', async () => {
    const module = { value: 1 };
    const load = vi.fn().mockResolvedValue(module);
    const importUrl = vi.fn();
    const loader = chunkLoader(load, { importUrl });
    await expect(loader()).resolves.toBe(module);
    await expect(loader()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl).not.toHaveBeenCalled();
  });

  it('after a failure that names the chunk, asks for it under a new address on every retry', async () => {
    const module = { value: 2 };
    const load = vi.fn().mockRejectedValue(CHROMIUM_FAILURE);
    const importUrl = vi
      .fn()
      .mockRejectedValueOnce(
        new TypeError(
          'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/register-form-Ab12.js?retry=2',
        ),
      )
      .mockResolvedValueOnce(module);
    const loader = chunkLoader(load, { importUrl });

    await expect(loader()).rejects.toBe(CHROMIUM_FAILURE);
    await expect(loader()).rejects.toThrow('retry=2');
    await expect(loader()).resolves.toBe(module);
    await expect(loader()).resolves.toBe(module);

    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl.mock.calls).toEqual([
      ['http://127.0.0.1:4173/assets/register-form-Ab12.js?retry=2'],
      ['http://127.0.0.1:4173/assets/register-form-Ab12.js?retry=3'],
    ]);
  });

  it('runs the original import again when the failure names no address', async () => {
    const module = { value: 3 };
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce(module);
    const importUrl = vi.fn();
    const loader = chunkLoader(load, { importUrl });
    await expect(loader()).rejects.toThrow('Importing a module script failed.');
    await expect(loader()).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
    expect(importUrl).not.toHaveBeenCalled();
  });
});
