import { useCallback, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useUploadAvatar } from '@/data/profile/upload-avatar';
import { t } from '@/i18n/settings';
import { AVATAR_ZOOM, loadImage, renderAvatar } from '../utils/avatar-file';
import { settingsErrorMessage } from '../utils/error-messages';

type AvatarCropDialogProps = {
  /** An object URL of the chosen file. */
  src: string;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * The avatar crop (a chunk of its own with react-easy-crop, loaded when a file is chosen): a round
 * crop of aspect 1, a zoom slider from 1 to 3 in steps of 0.1; saving renders the 400×400 JPEG and
 * uploads it.
 */
export function AvatarCropDialog({ src, onClose, onSaved }: AvatarCropDialogProps) {
  const zoomId = useId();
  const upload = useUploadAvatar();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(AVATAR_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [rendering, setRendering] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = rendering || upload.isPending;

  const onCropComplete = useCallback((_area: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!area) return;
    setFailure(null);
    let file: File;
    setRendering(true);
    try {
      file = await renderAvatar(await loadImage(src), area);
    } catch {
      setFailure(t('settings.upload_failed'));
      return;
    } finally {
      setRendering(false);
    }
    try {
      await upload.mutateAsync(file);
      onSaved();
    } catch (error) {
      setFailure(settingsErrorMessage(error, 'settings.avatar_upload_failed'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('settings.avatar.crop_title')}
      description={t('settings.avatar.crop_description')}
      dismissible={!pending}
    >
      <div className="mt-4 space-y-4">
        <div className="relative h-72 overflow-hidden rounded-lg bg-surface">
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={AVATAR_ZOOM.min}
            maxZoom={AVATAR_ZOOM.max}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={zoomId} className="block text-sm font-medium text-ink">
            {t('settings.avatar.zoom')}
          </label>
          <input
            id={zoomId}
            type="range"
            min={AVATAR_ZOOM.min}
            max={AVATAR_ZOOM.max}
            step={AVATAR_ZOOM.step}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            disabled={pending}
            className="w-full accent-accent"
          />
        </div>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={pending || !area} aria-busy={pending || undefined}>
            {pending ? <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" /> : null}
            {pending ? t('settings.avatar.saving') : t('settings.avatar.save')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
