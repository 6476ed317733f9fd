import { useState } from 'react';
import { TextareaField } from '@/components/form/textarea-field';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { announcementSchema } from '../schemas/announcement.schema';
import { SafeLinkText } from '@/lib/safe-link-text';

/** The announcement's text with a live preview of its `[text](url)` links. */
export function AnnouncementForm({
  initialContent = '',
  submitLabel,
  onSubmit,
}: {
  initialContent?: string;
  submitLabel: string;
  /** Saves; throws to keep the text and show the message. Resolves true to clear the form. */
  onSubmit: (content: string) => Promise<boolean>;
}) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch, reset } = useZodForm(announcementSchema, {
    defaultValues: { content: initialContent },
  });
  const content = watch('content');

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      if (await onSubmit(values.content)) reset({ content: '' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <TextareaField
        label={t('admin.announcements.content')}
        hint={t('admin.announcements.content_hint')}
        error={formState.errors.content?.message}
        {...register('content')}
      />
      {content.trim() ? (
        <div className="rounded-lg border border-surface-border bg-surface p-3 text-sm">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {t('admin.announcements.preview')}
          </p>
          <p className="whitespace-pre-line">
            <SafeLinkText content={content} />
          </p>
        </div>
      ) : null}
      <FormFooter error={error} pending={formState.isSubmitting} submitWidth="w-48" submitLabel={submitLabel} />
    </form>
  );
}
