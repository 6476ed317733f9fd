import { useEffect, useId, useRef, useState } from 'react';
import { errorAttributes, FieldShell } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/admin';
import { checkImage, type ImageRules } from '../utils/image-rules';

/** What the form does with its image: keep the stored one, upload a new one, remove it, or refuse a bad file. */
export type ImageChoice =
  | { kind: 'keep' }
  | { kind: 'new'; file: File; width: number; height: number; previewUrl: string }
  | { kind: 'remove' }
  | { kind: 'invalid'; error: string };

type ImagePickerProps = {
  label: string;
  hint?: string;
  rules: ImageRules;
  /** The stored image's URL, if any. */
  currentUrl: string | null | undefined;
  value: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  /** The file types the picker offers (the input's accept). */
  accept: string;
  disabled?: boolean;
};

/**
 * A file input for one image with the spec's checks (format, size, dimensions) run as soon as a file
 * is chosen, a preview, and "remove". A refused file's message is the field's error.
 */
export function ImagePicker({ label, hint, rules, currentUrl, value, onChange, accept, disabled }: ImagePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);

  // A chosen file's preview URL lives as long as the choice.
  useEffect(() => {
    if (value.kind !== 'new') return;
    return () => URL.revokeObjectURL(value.previewUrl);
  }, [value]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    const result = await checkImage(file, rules);
    setChecking(false);
    if (!result.ok) {
      onChange({ kind: 'invalid', error: result.error });
    } else {
      onChange({
        kind: 'new',
        file,
        width: result.width ?? 0,
        height: result.height ?? 0,
        previewUrl: URL.createObjectURL(file),
      });
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  const shown = value.kind === 'new' ? value.previewUrl : value.kind === 'keep' ? currentUrl : null;
  const error = value.kind === 'invalid' ? value.error : undefined;

  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} errorId={errorId}>
      <div className="flex flex-wrap items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={t('admin.image.preview')}
            className="h-16 w-16 rounded-lg border border-surface-border object-cover"
          />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-surface-border text-xs text-ink-muted">
            {t('admin.image.none')}
          </span>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept}
          disabled={disabled || checking}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="text-sm text-ink-muted file:mr-3 file:rounded-lg file:border file:border-surface-border file:bg-surface-raised file:px-3 file:py-1.5 file:text-ink"
          {...errorAttributes(error, errorId)}
        />
        {checking ? <Spinner className="h-4 w-4" /> : null}
        {(value.kind === 'keep' && currentUrl) || value.kind === 'new' ? (
          <Button
            variant="ghost"
            className="px-2 py-1"
            onClick={() => onChange({ kind: 'remove' })}
            disabled={disabled}
          >
            {t('admin.image.remove')}
          </Button>
        ) : null}
      </div>
    </FieldShell>
  );
}
