import { Button } from '@/components/ui/button';
import { t } from '@/i18n/admin';

/** Previous / next page with "Strona x z y" in between; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is being paged, for screen readers ('Strony listy użytkowników'). */
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-4">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 0}>
        {t('admin.pagination.previous')}
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {t('admin.pagination.status', { page: page + 1, pages })}
      </p>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
        {t('admin.pagination.next')}
      </Button>
    </nav>
  );
}
