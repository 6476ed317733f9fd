import { FormAlert } from '@/components/form/form-alert';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/query-states';
import { useAddComment } from '@/data/community/add-comment';
import { commentsInOrder, usePostComments } from '@/data/community/get-post-comments';
import { commentSchema } from '@/data/community/post.schema';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { formatDateTime } from '@/lib/format';

function CommentForm({ postId }: { postId: string }) {
  const add = useAddComment(postId);
  const form = useZodForm(commentSchema(), { defaultValues: { content: '' } });

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
  return (
    <div className="space-y-3">
      <QueryStates
        query={comments}
        loadingClassName="h-12"
        loadingLayout="space-y-2"
        loadingLabel={t('community.comments_loading')}
        errorMessage={(error) => `${t('community.comments_load_failed')}: ${toUserMessage(error)}`}
        isEmpty={(data) => data.pages.every((page) => page.length === 0)}
        empty={t('community.comments_empty')}
        emptyInline
      >
        {(data) => (
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
              {commentsInOrder(data.pages).map((comment) => (
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
      </QueryStates>
      <CommentForm postId={postId} />
    </div>
  );
}
