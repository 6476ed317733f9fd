import { newIdeaImagePath } from '@/data/ideas/image-urls';
import { t } from '@/i18n/ideas';
import { requestIdOf } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import type { IdeaValues } from './idea.schema';
import { imageExtension } from './image-files';
import { createIdea } from './create-idea';
import { removeIdeaImages } from './remove-idea-images';
import { sendIdeaWebhook } from './send-idea-webhook';
import { uploadIdeaImage } from './upload-idea-image';

/** An image of the form: the file, and where it is stored once uploaded. */
export type SubmissionImage = { id: string; file: File; path: string | null; url: string | null };

export type SubmissionStep = 'upload' | 'save' | 'send';

export type SubmissionEvents = {
  onStep?: (step: SubmissionStep) => void;
  onImageStart?: (id: string) => void;
  onImageProgress?: (id: string, share: number) => void;
  onImageDone?: (id: string, path: string, url: string) => void;
  onImageFailed?: (id: string) => void;
};

/** Which step failed: the form keeps everything and tells which ('Nie udało się przesłać obrazu', …). */
export class SubmissionError extends Error {
  override readonly name = 'SubmissionError';
  constructor(
    readonly step: 'upload' | 'save',
    options: { cause: unknown },
  ) {
    super(
      step === 'upload'
        ? 'files.image_upload_failed'
        : (options.cause as { message?: unknown } | null)?.message === 'ideas.daily_limit'
          ? 'ideas.daily_limit'
          : 'ideas.save_failed',
      options,
    );
  }
}

/** The saved idea, the feedback the member sees and, when the call failed, the id to report. */
export type SubmissionResult = { ideaId: string; feedback: string; requestId: string | null };

/**
 * The submission (product.md#dashboard-2 Ideas, §7): uploads the images not uploaded yet, one after the
 * other, into the member's folder of idea-images; inserts the idea with their object paths (the
 * database keeps paths only, issue 21); then has
 * the idea-webhook function pass it to the automation service. Images uploaded by an earlier,
 * failed attempt are not sent again. A failed webhook call does not undo the idea (it is saved):
 * the member sees 'Webhook request failed' with the call's 'identyfikator zdarzenia'.
 */
export async function submitIdea(
  client: AppSupabaseClient,
  input: { userId: string; values: IdeaValues; images: readonly SubmissionImage[] },
  events: SubmissionEvents = {},
): Promise<SubmissionResult> {
  const paths: string[] = [];
  if (input.images.length > 0) events.onStep?.('upload');
  for (const image of input.images) {
    if (image.path && image.url) {
      paths.push(image.path);
      continue;
    }
    const path = newIdeaImagePath(input.userId, imageExtension(image.file.type));
    events.onImageStart?.(image.id);
    try {
      const url = await uploadIdeaImage(client, {
        path,
        file: image.file,
        onProgress: (share) => events.onImageProgress?.(image.id, share),
      });
      events.onImageDone?.(image.id, path, url);
      paths.push(path);
    } catch (error) {
      events.onImageFailed?.(image.id);
      // The failure may have come after Storage kept the file: it must not stay behind.
      void removeIdeaImages(client, [path]);
      throw new SubmissionError('upload', { cause: error });
    }
  }

  events.onStep?.('save');
  let ideaId: string;
  try {
    ideaId = await createIdea(client, {
      title: input.values.title,
      description: input.values.description,
      category: input.values.category,
      targetAudience: input.values.targetAudience,
      monetizationStrategy: input.values.monetizationStrategy,
      imageUrls: paths,
    });
  } catch (error) {
    throw new SubmissionError('save', { cause: error });
  }

  events.onStep?.('send');
  const answer = await sendIdeaWebhook(client, ideaId).catch((error: unknown) => {
    console.warn('The idea-webhook call failed', error);
    return { feedback: t('ideas.webhook_failed'), requestId: requestIdOf(error) ?? null };
  });
  // The id goes with a failure only: that is what a member reports.
  const failed = answer.feedback === t('ideas.webhook_failed');
  return { ideaId, feedback: answer.feedback, requestId: failed ? answer.requestId : null };
}
