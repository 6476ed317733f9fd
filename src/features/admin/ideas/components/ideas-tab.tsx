import { pluralKey } from '@/lib/plural';
import { FILES_LEFT } from '../../shared/utils/storage';
import { SelectField } from '@/components/form/select-field';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { t, type AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { formatDate } from '@/lib/format';
import { ideaImageSrc } from '@/lib/ideas/image-urls';
import { ConfirmDeleteDialog } from '../../shared/components/confirm-delete-dialog';
import { urlEnum, urlPage, useUrlState } from '@/lib/use-url-state';
import { Pagination } from '../../shared/components/pagination';
import { QueryStates } from '../../shared/components/query-states';
import { DeleteButton } from '../../shared/components/row-actions';
import { TabHeading } from '../../shared/components/tab-heading';
import { useConfirmDelete } from '../../shared/hooks/use-confirm-delete';
import { adminErrorMessage } from '../../shared/utils/errors';
import { useDeleteIdea } from '../api/delete-idea';
import { IDEAS_PAGE_SIZE, useModeratedIdeas, type IdeaStatus, type ModeratedIdea } from '../api/list-ideas';
import { useSetIdeaStatus } from '../api/set-idea-status';

const STATUS: Record<IdeaStatus, { label: MessageKey; tone: BadgeTone }> = {
  pending: { label: 'ideas.status.pending', tone: 'info' },
  approved: { label: 'ideas.status.approved', tone: 'success' },
  rejected: { label: 'ideas.status.rejected', tone: 'danger' },
};

/** The list's view in the address: ?status= (every status when absent) and &page= (1-based). */
const URL_STATE = { status: urlEnum(Object.keys(STATUS) as IdeaStatus[]), page: urlPage() };

function IdeaCard({ idea, onDelete }: { idea: ModeratedIdea; onDelete: () => void }) {
  const review = useSetIdeaStatus();
  const toast = useToast();
  // Built the way the members' board builds them: the path with this app's own Storage URL.
  const images = idea.image_urls.map(ideaImageSrc).filter((src): src is string => src !== null);

  const decide = async (status: 'approved' | 'rejected') => {
    try {
      await review.mutateAsync({ ideaId: idea.id, status });
      toast.show(t(status === 'approved' ? 'admin.ideas.accepted' : 'admin.ideas.rejected', { title: idea.title }));
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
              author: idea.author_full_name || idea.author_email || t('dashboard.anonymous'),
              date: formatDate(idea.submitted_at),
            })}
          </p>
        </div>
        <Badge tone={STATUS[idea.status].tone}>{t(STATUS[idea.status].label)}</Badge>
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
              {t('admin.ideas.accept')}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1"
              disabled={review.isPending}
              aria-label={t('admin.ideas.reject_label', { title: idea.title })}
              onClick={() => void decide('rejected')}
            >
              {t('admin.ideas.reject')}
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
  const [view, setView] = useUrlState(URL_STATE);
  const page = view.page - 1;
  const ideas = useModeratedIdeas({ status: view.status, page });
  const remove = useDeleteIdea();
  const toast = useToast();
  const deletion = useConfirmDelete(async (idea: ModeratedIdea) => {
    const { leftovers } = await remove.mutateAsync({ id: idea.id, imageUrls: idea.image_urls });
    toast.show(t('admin.ideas.deleted', { title: idea.title }));
    if (leftovers.length > 0)
      toast.show(t(pluralKey(leftovers.length, FILES_LEFT), { count: leftovers.length }), 'error');
  }, 'admin.ideas.delete_failed');

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
              options={(Object.keys(STATUS) as IdeaStatus[]).map((value) => ({ value, label: t(STATUS[value].label) }))}
            />
          </div>
        }
      />
      <QueryStates
        query={ideas}
        loadingClassName="h-48"
        errorMessage={t('ideas.load_failed')}
        isEmpty={(data) => data.rows.length === 0}
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
          title={t('admin.ideas.delete_title')}
          description={t('ideas.delete_confirm')}
        />
      ) : null}
    </section>
  );
}
