import { Button } from '@/components/ui/button';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { FormAlert } from '@/components/form/form-alert';
import { TextareaField } from '@/components/form/textarea-field';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { formatDateTime } from '@/lib/format';
import { useAddComment } from '../api/add-comment';
import { commentsInOrder, usePostComments } from '../api/get-post-comments';
import { commentSchema } from '../schemas/post.schema';

function CommentForm({ postId }: { postId: string }) {
  const add = useAddComment(postId);
  const form = useZodForm(commentSchema, { defaultValues: { content: '' } });

  const submit = form.handleSubmit(async ({ content }) => {
    const text = content.trim();
    if (!text) return; // blank text is ignored
    try {
      await add.mutateAsync(text);
    } catch {
      return; // shown from add.error
    }
    form.reset();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
      <TextareaField
        label={t('community.comment_label')}
        rows={2}
        maxLength={2000}
        error={form.formState.errors.content?.message}
        {...form.register('content')}
      />
      {add.error ? (
        <FormAlert>
          {t('community.comment_failed')}: {toUserMessage(add.error)}
        </FormAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? t('common.processing') : t('community.comment_submit')}
        </Button>
      </div>
    </form>
  );
}

/** A post's comments (the latest 20, earlier ones on demand; oldest first) and the form to add one. */
export function PostComments({ postId }: { postId: string }) {
  const comments = usePostComments(postId);
  const list = comments.data ? commentsInOrder(comments.data.pages) : [];
  return (
    <div className="space-y-3">
      {comments.isPending ? (
        <div role="status" aria-label={t('community.comments_loading')} className="space-y-2">
          <Skeleton className="h-12" />
        </div>
      ) : comments.isError ? (
        <ErrorState
          message={`${t('community.comments_load_failed')}: ${toUserMessage(comments.error)}`}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : list.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('community.comments_empty')}</p>
      ) : (
        <>
          {comments.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void comments.fetchNextPage()}
              disabled={comments.isFetchingNextPage}
              aria-busy={comments.isFetchingNextPage || undefined}
            >
              {t('community.earlier_comments')}
            </Button>
          ) : null}
          <ul className="space-y-2">
            {list.map((comment) => (
              <li key={comment.id} className="rounded-lg bg-surface px-3 py-2">
                <p className="text-xs text-ink-muted">
                  {t('community.by', {
                    name: comment.author_name?.trim() || t('dashboard.anonymous'),
                    date: formatDateTime(comment.created_at),
                  })}
                </p>
                <p className="mt-1 whitespace-pre-line text-sm text-ink">{comment.content}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      <CommentForm postId={postId} />
    </div>
  );
}
