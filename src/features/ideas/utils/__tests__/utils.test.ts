import { acceptIdeaImages, checkIdeaImage, MAX_IDEA_IMAGE_BYTES } from '@/data/ideas/image-files';
import { ideaImagePath, ideaImageSrc, newIdeaImagePath } from '@/data/ideas/image-urls';
import { averageWith, votesLabel } from '@/data/ideas/votes';
import { TEST_SUPABASE_URL } from '@/testing/test-env';
import { isErrorFeedback } from '../feedback';

const file = (type: string, size = 100) => ({ type, size });
const uid = '6f1c1f4e-0d6a-4d39-9f0e-1b7c1a2b3c4d';

describe('idea image files', () => {
  it('accepts JPG, PNG and WebP up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(checkIdeaImage(file(type))).toBeNull();
    expect(checkIdeaImage(file('image/png', MAX_IDEA_IMAGE_BYTES))).toBeNull();
  });

  it('names the first rule broken', () => {
    expect(checkIdeaImage(file('application/pdf'))).toBe('validation.file.not_image');
    expect(checkIdeaImage(file(''))).toBe('validation.file.not_image');
    expect(checkIdeaImage(file('image/gif'))).toBe('validation.idea.image_format');
    expect(checkIdeaImage(file('image/png', MAX_IDEA_IMAGE_BYTES + 1))).toBe('validation.file.max_5mb');
  });

  it('adds up to the free places and reports the rest', () => {
    const chosen = [file('image/png'), file('text/plain'), file('image/png'), file('image/png')];
    expect(acceptIdeaImages(chosen, 3)).toEqual({
      accepted: [chosen[0], chosen[2]],
      problem: 'validation.file.not_image',
    });
    expect(acceptIdeaImages([file('image/png'), file('image/png')], 4)).toEqual({
      accepted: [file('image/png')],
      problem: 'validation.idea.images_max',
    });
    expect(acceptIdeaImages([file('image/png')], 0).problem).toBeNull();
  });
});

describe('idea image addresses', () => {
  it('reads the object path of a public idea-images URL, whatever the host', () => {
    const path = `${uid}/1700000000-abc.png`;
    expect(ideaImagePath(`https://x.supabase.co/storage/v1/object/public/idea-images/${path}`)).toBe(path);
    expect(ideaImagePath(`http://evil.test/storage/v1/object/public/idea-images/${path}?t=1`)).toBe(path);
    expect(ideaImagePath(`https://x.supabase.co/storage/v1/object/public/avatars/${path}`)).toBeNull();
    expect(ideaImagePath(`https://x.supabase.co/storage/v1/object/public/idea-images/${uid}/../x.png`)).toBeNull();
    expect(ideaImagePath('javascript:alert(1)')).toBeNull();
  });

  it('reads the bare object paths the database stores, and nothing that only looks like one', () => {
    const path = `${uid}/1700000000-abc.png`;
    expect(ideaImagePath(path)).toBe(path);
    expect(ideaImageSrc(path)).toBe(`${TEST_SUPABASE_URL}/storage/v1/object/public/idea-images/${path}`);
    expect(ideaImagePath(`//evil.test/${path}`)).toBeNull();
    expect(ideaImagePath(`${uid}/../x.png`)).toBeNull();
    expect(ideaImagePath(`${uid}/a/b.png`)).toBeNull();
  });

  it('shows images only from the app’s own Storage', () => {
    expect(ideaImageSrc(`https://evil.test/storage/v1/object/public/idea-images/${uid}/1-a.webp`)).toBe(
      `${TEST_SUPABASE_URL}/storage/v1/object/public/idea-images/${uid}/1-a.webp`,
    );
    expect(ideaImageSrc('https://evil.test/a.png')).toBeNull();
  });

  it('makes new paths in the member’s own folder', () => {
    const path = newIdeaImagePath(uid, 'webp');
    expect(path).toMatch(new RegExp(`^${uid}/\\d+-[0-9a-f]{12}\\.webp$`));
    expect(newIdeaImagePath(uid, 'webp')).not.toBe(path);
    expect(ideaImagePath(`${TEST_SUPABASE_URL}/storage/v1/object/public/idea-images/${path}`)).toBe(path);
  });
});

describe('feedback and votes', () => {
  it('treats a feedback containing "błąd" (any case) as an error', () => {
    expect(isErrorFeedback('Wystąpił błąd analizy')).toBe(true);
    expect(isErrorFeedback('BŁĄD')).toBe(true);
    expect(isErrorFeedback('Dziękujemy za zgłoszenie pomysłu!')).toBe(false);
    expect(isErrorFeedback('Webhook request failed')).toBe(false);
  });

  it('speaks Polish plurals and averages like the server', () => {
    expect([0, 1, 2, 4, 5, 12, 22, 25].map(votesLabel)).toEqual([
      '0 głosów',
      '1 głos',
      '2 głosy',
      '4 głosy',
      '5 głosów',
      '12 głosów',
      '22 głosy',
      '25 głosów',
    ]);
    expect(averageWith(0, 0, 4)).toBe(4);
    expect(averageWith(1.5, 2, 2)).toBe(1.67);
  });
});
