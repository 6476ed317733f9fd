import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import type { PostInput } from '@/data/community/save-post';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { SafeLinkText } from '@/lib/safe-link-text';
import { FormFooter } from '../../shared/components/form-footer';
import { adminPostSchema } from '../schemas/post.schema';

/** A post's title and content, with a live preview of the content's `[text](url)` links as members will see them. */
export function PostForm({
  initial = { title: '', content: '' },
  submitLabel,
  onSubmit,
}: {
  initial?: PostInput;
  submitLabel: string;
  /** Saves; throws to keep what was typed and show the message. Resolves true to clear the form. */
  onSubmit: (values: PostInput) => Promise<boolean>;
}) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch, reset } = useZodForm(adminPostSchema, { defaultValues: initial });
  const content = watch('content');

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      if (await onSubmit(values)) reset({ title: '', content: '' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <TextField
        label={t('admin.community.post_title')}
        maxLength={200}
        error={formState.errors.title?.message}
        {...register('title')}
      />
      <TextareaField
        label={t('admin.community.content')}
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
