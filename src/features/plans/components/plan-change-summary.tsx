import type { UseQueryResult } from '@tanstack/react-query';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { describePlanPeriod } from '@/data/payments/format-order';
import type { PlanChangePreview } from '@/data/payments/preview-plan-change';
import { t } from '@/i18n/plans';

/**
 * What buying the plan would give if it were confirmed today: the period in words (with the extra
 * days of an upgrade), that a lower plan starts after the current period, or why it cannot be
 * bought (an open-ended level). Loading, and a failure with a retry, keep the dialog's layout.
 */
export function PlanChangeSummary({ preview }: { preview: UseQueryResult<PlanChangePreview> }) {
  if (preview.isPending) {
    return (
      <p role="status" className="min-h-10 text-sm text-ink-muted">
        {t('plans.preview_loading')}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <div className="flex min-h-10 flex-wrap items-center gap-3 text-sm text-ink">
        <span role="alert">{t('plans.preview_failed')}</span>
        <Button variant="secondary" onClick={() => void preview.refetch()}>
          {t('plans.preview_retry')}
        </Button>
      </div>
    );
  }
  const data = preview.data;
  if (data.change === 'blocked') return <FormAlert>{t('membership.open_ended')}</FormAlert>;
  return (
    <div className="min-h-10 space-y-1 rounded-lg bg-surface-overlay px-4 py-3" data-testid="plan-change-summary">
      <p className="text-sm font-semibold text-ink">{describePlanPeriod(data)}</p>
      {data.change === 'queued' ? (
        <p className="text-sm text-ink">{t('plans.preview_queued', { level: data.from_level })}</p>
      ) : null}
      {data.change === 'renewal' ? <p className="text-sm text-ink">{t('plans.preview_renewal')}</p> : null}
      <p className="text-xs text-ink-muted">{t('plans.preview_recomputed')}</p>
    </div>
  );
}
