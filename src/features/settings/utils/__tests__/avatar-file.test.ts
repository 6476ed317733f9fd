import { AVATAR_MAX_BYTES, checkAvatarFile, renderAvatar as drawAvatar } from '../avatar-file';

describe('checkAvatarFile', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to 2 MB', (type) => {
    expect(checkAvatarFile({ type, size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])("refuses %j: the formats' message", (type) => {
    expect(checkAvatarFile({ type, size: 10 })).toBe('validation.avatar.format');
  });

  it('refuses a file over 2 MB', () => {
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('validation.file.max_2mb');
  });
});

describe('renderAvatar', () => {
  it('draws the crop onto 400×400 and gives a JPEG of quality 0.95 named avatar.jpg', async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback, type) => callback(new Blob(['x'], { type })));
    const image = document.createElement('img');

    const file = await drawAvatar(image, { x: 5, y: 6, width: 700, height: 700 });

    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('avatar.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(drawImage).toHaveBeenCalledWith(image, 5, 6, 700, 700, 0, 0, 400, 400);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.95);
  });

  it('fails when the browser cannot encode the picture', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(null));
    await expect(drawAvatar(document.createElement('img'), { x: 0, y: 0, width: 1, height: 1 })).rejects.toThrow();
  });
});
