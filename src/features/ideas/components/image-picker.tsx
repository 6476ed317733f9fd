import { useId, type ChangeEvent } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { IDEA_IMAGE_ACCEPT, MAX_IDEA_IMAGES } from '@/data/ideas/image-files';
import { t } from '@/i18n/ideas';
import { translate } from '@/i18n/messages';

export type ImageStatus = 'queued' | 'uploading' | 'done' | 'failed';

export type PickedImage = {
  id: string;
  file: File;
  previewUrl: string;
  status: ImageStatus;
  /** 0 to 1 while uploading. */
  progress: number;
};

type ImagePickerProps = {
  images: readonly PickedImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  /** A message key or text about the last choice (too many, not an image, too large). */
  error?: string | null;
  disabled?: boolean;
};

function statusText(image: PickedImage): string {
  if (image.status === 'uploading')
    return t('ideas.images.status.uploading', { percent: Math.round(image.progress * 100) });
  return t(`ideas.images.status.${image.status}`);
}

/**
 * Up to 5 images with previews: each shows its upload state (waiting, uploading with the share of
 * bytes sent, sent, failed) and can be removed until the idea is sent. The file input is the real
 * one (keyboard, screen readers, drag and drop onto it).
 */
export function ImagePicker({ images, onAdd, onRemove, error, disabled = false }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const full = images.length >= MAX_IDEA_IMAGES;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same file again (after removing it) is a change too.
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {t('ideas.field.images')}
      </label>
      <p id={hintId} className="text-sm text-ink-muted">
        {t('ideas.field.images_hint')} {t('ideas.images.count', { count: images.length })}
      </p>
      <div
        onDragOver={(event) => {
          if (!disabled && !full) event.preventDefault();
        }}
        onDrop={(event) => {
          if (disabled || full) return;
          event.preventDefault();
          const files = Array.from(event.dataTransfer.files);
          if (files.length > 0) onAdd(files);
        }}
        className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-surface-border p-3"
      >
        {/* The real file input (keyboard, screen readers); its browser-language button is replaced by ours. */}
        <input
          id={inputId}
          type="file"
          multiple
          accept={IDEA_IMAGE_ACCEPT}
          onChange={choose}
          disabled={disabled || full}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          aria-hidden="true"
          className={`${buttonClassName('secondary')} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-50`}
        >
          {t('ideas.images.choose')}
        </label>
        <span className="text-sm text-ink-muted">{t('ideas.images.drop')}</span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {translate(error)}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {images.map((image) => (
            <li key={image.id} className="overflow-hidden rounded-lg border border-surface-border bg-surface">
              <div className="relative aspect-square">
                <img
                  src={image.previewUrl}
                  alt={t('ideas.images.preview_alt', { name: image.file.name })}
                  className="h-full w-full object-cover"
                />
                <button
                  type="button"
                  className="absolute right-1 top-1 rounded-full border border-surface-border bg-surface-raised p-1.5 text-ink hover:border-danger hover:text-danger disabled:opacity-50"
                  onClick={() => onRemove(image.id)}
                  disabled={disabled}
                  aria-label={t('ideas.images.remove', { name: image.file.name })}
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              </div>
              <div className="space-y-1 p-2">
                <p className="truncate text-xs text-ink" title={image.file.name}>
                  {image.file.name}
                </p>
                <p className={`text-xs ${image.status === 'failed' ? 'text-danger' : 'text-ink-muted'}`}>
                  {statusText(image)}
                </p>
                {image.status === 'uploading' || image.status === 'done' ? (
                  <div
                    role="progressbar"
                    aria-label={t('ideas.images.progress', { name: image.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(image.progress * 100)}
                    className="h-1.5 overflow-hidden rounded-full bg-surface-overlay"
                  >
                    <div
                      className="h-full bg-accent transition-[width]"
                      style={{ width: `${image.progress * 100}%` }}
                    />
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
