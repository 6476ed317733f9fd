import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { t } from '@/i18n/settings';
import { AVATAR_INPUT_TYPES, checkAvatarFile } from '../utils/avatar-file';

// react-easy-crop is in this chunk: loaded only when a picture has been chosen.
const AvatarCropDialog = lazy(() =>
  import('./avatar-crop-dialog').then((module) => ({ default: module.AvatarCropDialog })),
);

type AvatarSectionProps = {
  avatarUrl: string | null;
  name: string;
};

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * The avatar with 'Zmień avatar': the chosen file must be a JPG, PNG or WebP of at most 2 MB (the
 * spec's messages), then the round crop opens; the saved avatar replaces the old one.
 */
export function AvatarSection({ avatarUrl, name }: AvatarSectionProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const rule = checkAvatarFile(file);
    if (rule) {
      setProblem(t(rule));
      return;
    }
    setProblem(null);
    setSource(URL.createObjectURL(file));
  };

  // The dialog gives the focus back to 'Zmień avatar'.
  const close = () => setSource(null);

  return (
    <div className="flex flex-wrap items-center gap-5">
      {avatarUrl ? (
        <img
          src={avatarUrl}
          alt={t('settings.avatar.alt', { name })}
          width={96}
          height={96}
          className="h-24 w-24 rounded-full border border-surface-border object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={t('settings.avatar.none')}
          className="flex h-24 w-24 items-center justify-center rounded-full border border-surface-border bg-surface-overlay text-2xl font-bold text-accent"
        >
          {initials(name)}
        </div>
      )}
      <div className="space-y-2">
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_INPUT_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" onClick={() => inputRef.current?.click()}>
          {t('settings.avatar.change')}
        </Button>
        <p className="text-xs text-ink-muted">{t('settings.avatar.hint')}</p>
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      {source ? (
        <Suspense
          fallback={
            <Dialog open onClose={close} title={t('settings.avatar.crop_title')}>
              <LoadingState label={t('settings.avatar.loading_editor')} />
            </Dialog>
          }
        >
          <AvatarCropDialog
            src={source}
            onClose={close}
            onSaved={() => {
              toast.show(t('settings.avatar.saved'));
              close();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
