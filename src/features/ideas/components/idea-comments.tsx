import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { noRows, QueryStates } from '@/components/ui/query-states';
import { Spinner } from '@/components/ui/spinner';
import { useAddIdeaComment } from '@/data/ideas/add-idea-comment';
import { useIdeaComments } from '@/data/ideas/get-idea-comments';
import { t } from '@/i18n/ideas';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDateTime } from '@/lib/format';

const MAX_COMMENT_LENGTH = 2000;

/**
 * An idea's comments (product.md#dashboard-2 Ideas): loaded when opened, newest first, each with its
 * author's name only. A blank comment is ignored; a new one appears on top at once.
 */
export function IdeaComments({ ideaId, title, count }: { ideaId: string; title: string; count: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="border-t border-surface-border pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-medium text-accent underline-offset-4 hover:underline"
      >
        {t('ideas.comments.toggle', { count })}
      </button>
      <div id={panelId} hidden={!open} className="mt-3 space-y-3">
        {open ? <CommentsPanel ideaId={ideaId} title={title} /> : null}
      </div>
    </div>
  );
}

function CommentsPanel({ ideaId, title }: { ideaId: string; title: string }) {
  const { user } = useAuth();
  const comments = useIdeaComments(ideaId, true);
  const add = useAddIdeaComment();
  const [text, setText] = useState('');
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || !user || add.isPending) return;
    add.mutate({ ideaId, userId: user.id, content }, { onSuccess: () => setText('') });
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
          {t('ideas.comments.field')}
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
          maxLength={MAX_COMMENT_LENGTH}
          placeholder={t('ideas.comments.placeholder')}
          className="w-full resize-y rounded-lg border border-surface-border bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-faint focus:border-accent focus:outline-none"
        />
        {add.isError ? (
          <FormAlert>
            {add.error.message === 'ideas.comment_rate_limited'
              ? t('ideas.comment_rate_limited')
              : t('ideas.comments.add_failed')}
          </FormAlert>
        ) : null}
        <Button type="submit" variant="secondary" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? <Spinner className="h-4 w-4" /> : null}
          {add.isPending ? t('ideas.comments.submitting') : t('ideas.comments.submit')}
        </Button>
      </form>
      <QueryStates
        query={comments}
        loadingClassName="h-16"
        errorMessage={t('ideas.comments.load_failed')}
        isEmpty={noRows}
        empty={t('ideas.comments.empty')}
        emptyInline
      >
        {(data) => (
          <ul aria-label={t('ideas.comments.list', { title })} className="space-y-2">
            {data.map((comment) => (
              <li key={comment.id} className="rounded-lg bg-surface-overlay px-3 py-2">
                <p className="text-xs text-ink-muted">
                  <span className="font-semibold text-ink">{comment.author_full_name || t('ideas.anonymous')}</span>
                  {' · '}
                  <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">{comment.content}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </>
  );
}
