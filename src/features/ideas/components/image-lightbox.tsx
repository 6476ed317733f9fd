import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { t } from '@/i18n/ideas';
import { ArrowIcon } from './icons';

type ImageLightboxProps = {
  title: string;
  /** The images' addresses (already on the app's own Storage). */
  images: readonly string[];
  /** The image shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * An idea's images, one at a time, large: a dialog (focus trapped, Escape closes, focus returns to
 * the thumbnail), with previous / next buttons and the arrow keys.
 */
export function ImageLightbox({ title, images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const open = index !== null && images.length > 0;
  const current = index ?? 0;
  const count = images.length;
  const go = (step: number) => onIndexChange((current + step + count) % count);

  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndexChange((current - 1 + count) % count);
      if (event.key === 'ArrowRight') onIndexChange((current + 1) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count, current, onIndexChange]);

  return (
    <Dialog open={open} onClose={onClose} size="xl" title={t('ideas.lightbox.title', { n: current + 1, count, title })}>
      <div className="mt-4 space-y-4">
        <img
          src={images[current]}
          alt={t('ideas.lightbox.title', { n: current + 1, count, title })}
          className="mx-auto max-h-[70dvh] w-auto rounded-lg object-contain"
        />
        <div className="flex items-center justify-between gap-3">
          {count > 1 ? (
            <Button variant="secondary" onClick={() => go(-1)} aria-label={t('ideas.lightbox.previous')}>
              <ArrowIcon direction="left" />
            </Button>
          ) : (
            <span />
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('app.close')}
          </Button>
          {count > 1 ? (
            <Button variant="secondary" onClick={() => go(1)} aria-label={t('ideas.lightbox.next')}>
              <ArrowIcon direction="right" />
            </Button>
          ) : (
            <span />
          )}
        </div>
      </div>
    </Dialog>
  );
}
