import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/form/select-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes-prompt';
import { usePageTitle } from '@/components/layout/site-head';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { emptyIdea, ideaSchema, type IdeaValues } from '@/data/ideas/idea.schema';
import { acceptIdeaImages } from '@/data/ideas/image-files';
import { refreshIdeas } from '@/data/ideas/keys';
import { removeIdeaImages } from '@/data/ideas/remove-idea-images';
import { SubmissionError, submitIdea, type SubmissionStep } from '@/data/ideas/submit-idea';
import { t, type IdeasMessageKey } from '@/i18n/ideas';
import { useAuth } from '@/lib/auth/auth-context';
import { useZodForm } from '@/lib/form';
import { useSupabase } from '@/lib/supabase-context';
import { categoryOptions } from '../utils/categories';
import { ImagePicker, type PickedImage } from './image-picker';
import { WebhookFeedback } from './webhook-feedback';

type FormImage = PickedImage & { path: string | null; url: string | null };

const STEP_TEXT: Record<SubmissionStep, IdeasMessageKey> = {
  upload: 'ideas.submit.uploading',
  save: 'ideas.submit.saving',
  send: 'ideas.submit.sending',
};

/**
 * 'Zgłoś pomysł' (/dashboard/submit-idea; product.md#dashboard-2, §5, §7): the idea's texts, its category
 * and up to 5 images with previews and upload progress; afterwards the automation service's
 * feedback. A failed submission keeps everything typed and every image chosen (and the images
 * already uploaded, which are not sent twice).
 */
export function SubmitIdeaPage() {
  usePageTitle(t('nav.submit_idea'));
  const { user } = useAuth();
  const { getClient, preload } = useSupabase();
  const queryClient = useQueryClient();
  const form = useZodForm(ideaSchema, { defaultValues: emptyIdea });
  const { register, handleSubmit, formState, reset } = form;
  const [images, setImages] = useState<FormImage[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [step, setStep] = useState<SubmissionStep | null>(null);
  const [result, setResult] = useState<{ feedback: string; requestId: string | null } | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // What the cleanup on leaving needs, without re-running it on every change.
  const latest = useRef({ images, submitted: false });
  useEffect(() => {
    latest.current = { images, submitted: result !== null };
  }, [images, result]);

  useEffect(() => preload(), [preload]);

  useEffect(
    () => () => {
      const { images: left, submitted } = latest.current;
      left.forEach((image) => URL.revokeObjectURL(image.previewUrl));
      // Uploaded for an idea that was never saved: nothing would ever show or remove them.
      const unused = submitted ? [] : left.flatMap((image) => (image.path ? [image.path] : []));
      if (unused.length > 0) void getClient().then((client) => removeIdeaImages(client, unused));
    },
    [getClient],
  );

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  const update = (id: string, change: Partial<FormImage>) =>
    setImages((list) => list.map((image) => (image.id === id ? { ...image, ...change } : image)));

  const addImages = (files: File[]) => {
    const { accepted, problem } = acceptIdeaImages(files, images.length);
    setImageError(problem);
    if (accepted.length === 0) return;
    setImages((list) => [
      ...list,
      ...accepted.map((file) => ({
        id: crypto.randomUUID(),
        file,
        previewUrl: URL.createObjectURL(file),
        status: 'queued' as const,
        progress: 0,
        path: null,
        url: null,
      })),
    ]);
  };

  const removeImage = (id: string) => {
    const image = images.find((candidate) => candidate.id === id);
    if (!image) return;
    URL.revokeObjectURL(image.previewUrl);
    setImages((list) => list.filter((candidate) => candidate.id !== id));
    setImageError(null);
    if (image.path) void getClient().then((client) => removeIdeaImages(client, [image.path as string]));
  };

  const submit = async (values: IdeaValues) => {
    if (!user) return;
    setFormError(null);
    try {
      const client = await getClient();
      const outcome = await submitIdea(
        client,
        { userId: user.id, values, images },
        {
          onStep: setStep,
          onImageStart: (id) => update(id, { status: 'uploading', progress: 0 }),
          onImageProgress: (id, share) => update(id, { progress: share }),
          onImageDone: (id, path, url) => update(id, { status: 'done', progress: 1, path, url }),
          onImageFailed: (id) => update(id, { status: 'failed', progress: 0 }),
        },
      );
      void refreshIdeas(queryClient);
      setResult({ feedback: outcome.feedback, requestId: outcome.requestId });
    } catch (error) {
      setFormError(t(error instanceof SubmissionError ? (error.message as IdeasMessageKey) : 'ideas.submit_failed'));
    } finally {
      setStep(null);
    }
  };

  const startOver = () => {
    images.forEach((image) => URL.revokeObjectURL(image.previewUrl));
    setImages([]);
    setImageError(null);
    setFormError(null);
    setResult(null);
    reset(emptyIdea);
  };

  const pending = formState.isSubmitting;
  const uploaded = images.filter((image) => image.status === 'done').length;

  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink">{t('nav.submit_idea')}</h1>
        <p className="text-ink-muted">{t('ideas.submit.intro')}</p>
      </header>

      {result ? (
        <Card>
          <div className="space-y-4">
            <h2 ref={resultHeading} tabIndex={-1} className="text-lg font-semibold text-accent focus:outline-none">
              {t('ideas.submit.success_title')}
            </h2>
            <WebhookFeedback feedback={result.feedback} requestId={result.requestId} live />
            <div className="flex flex-wrap gap-3">
              <Link to={paths.dashboard.ideas.getHref()} className={buttonClassName('primary')}>
                {t('ideas.submit.go_to_board')}
              </Link>
              <button type="button" onClick={startOver} className={buttonClassName('secondary')}>
                {t('ideas.submit.another')}
              </button>
            </div>
          </div>
        </Card>
      ) : (
        <Card>
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(submit)(event)}
            className="space-y-5"
            aria-busy={pending || undefined}
          >
            <UnsavedChangesPrompt dirty={(formState.isDirty || images.length > 0) && !pending} />
            <TextField
              label={t('ideas.field.title')}
              maxLength={200}
              autoComplete="off"
              error={formState.errors.title?.message}
              {...register('title')}
            />
            <TextareaField
              label={t('ideas.field.description')}
              rows={6}
              maxLength={5000}
              error={formState.errors.description?.message}
              {...register('description')}
            />
            <SelectField
              label={t('ideas.field.category')}
              placeholder={t('ideas.field.category_placeholder')}
              options={categoryOptions()}
              error={formState.errors.category?.message}
              {...register('category')}
            />
            <TextareaField
              label={t('ideas.field.target_audience')}
              rows={3}
              maxLength={1000}
              error={formState.errors.targetAudience?.message}
              {...register('targetAudience')}
            />
            <TextareaField
              label={t('ideas.field.monetization_strategy')}
              rows={3}
              maxLength={1000}
              error={formState.errors.monetizationStrategy?.message}
              {...register('monetizationStrategy')}
            />
            <ImagePicker
              images={images}
              onAdd={addImages}
              onRemove={removeImage}
              error={imageError}
              disabled={pending}
            />
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <p role="status" className="text-sm text-ink-muted empty:hidden">
              {step ? t(STEP_TEXT[step], { done: uploaded, count: images.length }) : null}
            </p>
            <SubmitButton pending={pending} label={t('ideas.submit.button')} pendingLabel={t('ideas.submit.pending')} />
          </form>
        </Card>
      )}
    </section>
  );
}
