import { Button } from '@/components/ui/button';
import { t } from '@/i18n/ideas';

type BoardPaginationProps = { page: number; pages: number; onPage: (page: number) => void; disabled?: boolean };

/** Previous / next with 'Strona 2 z 1000': pages of 20 from the server, so it holds at any size. */
export function BoardPagination({ page, pages, onPage, disabled = false }: BoardPaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('ideas.pagination.label')} className="flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
        {t('ideas.pagination.previous')}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('ideas.pagination.status', { page, pages })}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={disabled || page >= pages}>
        {t('ideas.pagination.next')}
      </Button>
    </nav>
  );
}
