import { SelectField } from '@/components/form/select-field';
import { IDEA_STATUS, IDEA_STATUSES, type IdeaStatus } from '@/components/ideas/idea-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { noPageRows, QueryStates } from '@/components/ui/query-states';
import { useToast } from '@/components/ui/toast';
import { useDeleteIdea } from '@/data/ideas/delete-idea';
import { ideaImageSrc } from '@/data/ideas/image-urls';
import { IDEAS_PAGE_SIZE, useModeratedIdeas, type ModeratedIdea } from '@/data/ideas/list-ideas';
import { useSetIdeaStatus } from '@/data/ideas/set-idea-status';
import { t } from '@/i18n/admin';
import { formatDate } from '@/lib/format';
import { useUrlState } from '@/lib/use-url-state';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { Pagination } from '../../shared/components/pagination';
import { DeleteButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { adminErrorMessage } from '../../shared/utils/errors';
import { IDEAS_URL_STATE } from '../utils/url-state';

/** The list's view in the address: ?status= (every status when absent) and &page= (1-based). */
function IdeaCard({ idea, onDelete }: { idea: ModeratedIdea; onDelete: () => void }) {
  const review = useSetIdeaStatus();
  const toast = useToast();
  // Built the way the members' board builds them: the path with this app's own Storage URL.
  const images = idea.image_urls.map(ideaImageSrc).filter((src): src is string => src !== null);

  const decide = async (status: 'approved' | 'rejected') => {
    try {
      await review.mutateAsync({ ideaId: idea.id, status });
      toast.show(t(status === 'approved' ? 'ideas.admin.approved' : 'ideas.admin.rejected'));
    } catch (failure) {
      toast.show(adminErrorMessage(failure, 'ideas.status_update_failed'), 'error');
    }
  };

  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold text-ink">{idea.title}</h2>
          <p className="text-sm text-ink-muted">
            {t('admin.ideas.meta', {
              author:
                idea.submitted_by === null
                  ? t('ideas.deleted_member')
                  : idea.author_full_name || idea.author_email || t('dashboard.anonymous'),
              date: formatDate(idea.submitted_at),
            })}
          </p>
        </div>
        <Badge tone={IDEA_STATUS[idea.status].tone}>{t(IDEA_STATUS[idea.status].label)}</Badge>
      </div>
      <p className="whitespace-pre-line text-sm text-ink">{idea.description}</p>
      <dl className="grid gap-1 text-sm md:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t('admin.ideas.target_audience')}</dt>
          <dd className="whitespace-pre-line">{idea.target_audience}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('admin.ideas.monetization')}</dt>
          <dd className="whitespace-pre-line">{idea.monetization_strategy}</dd>
        </div>
      </dl>
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('admin.ideas.images')}>
          {images.map((src, index) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img
                  src={src}
                  alt={t('admin.ideas.image_alt', { number: index + 1 })}
                  className="h-16 w-16 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {idea.status === 'pending' ? (
          <>
            <Button
              className="px-3 py-1"
              disabled={review.isPending}
              aria-label={t('admin.ideas.accept_label', { title: idea.title })}
              onClick={() => void decide('approved')}
            >
              {t('ideas.admin.approve')}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1"
              disabled={review.isPending}
              aria-label={t('admin.ideas.reject_label', { title: idea.title })}
              onClick={() => void decide('rejected')}
            >
              {t('ideas.admin.reject')}
            </Button>
          </>
        ) : null}
        <DeleteButton label={t('admin.ideas.delete_label', { title: idea.title })} onClick={onDelete} />
      </div>
    </Card>
  );
}

/** Ideas tab (product.md#dashboard-2, §4): the moderation list, pending first, with accept, reject and delete. */
export function IdeasTab() {
  const [view, setView] = useUrlState(IDEAS_URL_STATE);
  const page = view.page - 1;
  const ideas = useModeratedIdeas({ status: view.status, page });
  const remove = useDeleteIdea();
  const toast = useToast();
  const deletion = useConfirmDelete(async (idea: ModeratedIdea) => {
    await remove.mutateAsync({ ideaId: idea.id, imageUrls: idea.image_urls });
    toast.show(t('ideas.admin.deleted'));
  }, 'ideas.admin.delete_failed');

  return (
    <section className="space-y-4">
      <TabHeading
        title={t('admin.ideas')}
        action={
          <div className="w-64">
            <SelectField
              label={t('admin.ideas.filter')}
              value={view.status ?? ''}
              onChange={(event) => setView({ status: (event.target.value || null) as IdeaStatus | null })}
              placeholder={t('admin.ideas.all')}
              options={IDEA_STATUSES.map((value) => ({ value, label: t(IDEA_STATUS[value].label) }))}
            />
          </div>
        }
      />
      <QueryStates
        query={ideas}
        loadingClassName="h-48"
        errorMessage={t('ideas.load_failed')}
        isEmpty={noPageRows}
        empty={t('admin.ideas.empty')}
      >
        {(data) => (
          <>
            <ul className="space-y-4" aria-busy={ideas.isFetching || undefined}>
              {data.rows.map((idea) => (
                <li key={idea.id}>
                  <IdeaCard idea={idea} onDelete={() => deletion.open(idea)} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={IDEAS_PAGE_SIZE}
              total={data.total}
              onPage={(next) => setView({ page: next + 1 })}
              label={t('admin.ideas.pages')}
            />
          </>
        )}
      </QueryStates>
      {deletion.target ? (
        <ConfirmDeleteDialog
          deletion={deletion}
          pending={remove.isPending}
          title={t('ideas.admin.delete_title')}
          description={t('ideas.delete_confirm')}
        />
      ) : null}
    </section>
  );
}
