import { Card } from '@/components/ui/card';
import { QueryStates } from '@/components/ui/query-states';
import { useIdeaStats } from '@/data/ideas/get-idea-stats';
import { t } from '@/i18n/ideas';
import { categoryLabel } from '../utils/categories';

/** The board's sidebar (product.md#dashboard-2 Ideas): approved and pending counts, the five top categories. */
export function IdeasSidebar() {
  const stats = useIdeaStats();
  return (
    <Card title={t('ideas.stats.title')}>
      <QueryStates query={stats} loadingClassName="h-40" errorMessage={t('ideas.stats.load_failed')}>
        {(data) => (
          <div className="space-y-5">
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-surface-overlay p-3">
                <dt className="text-sm text-ink-muted">{t('ideas.stats.approved')}</dt>
                <dd className="text-2xl font-bold text-success">{data.approved}</dd>
              </div>
              <div className="rounded-lg bg-surface-overlay p-3">
                <dt className="text-sm text-ink-muted">{t('ideas.stats.pending')}</dt>
                <dd className="text-2xl font-bold text-accent">{data.pending}</dd>
              </div>
            </dl>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-ink">{t('ideas.stats.top_categories')}</h3>
              {data.topCategories.length === 0 ? (
                <p className="text-sm text-ink-muted">{t('ideas.stats.no_categories')}</p>
              ) : (
                <ol className="space-y-1.5">
                  {data.topCategories.map((entry) => (
                    <li key={entry.category} className="flex items-center justify-between gap-3 text-sm">
                      <span className="text-ink">{categoryLabel(entry.category)}</span>
                      <span className="rounded-full bg-surface-overlay px-2 py-0.5 text-ink-muted">{entry.count}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </QueryStates>
    </Card>
  );
}
