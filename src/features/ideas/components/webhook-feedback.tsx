import { t } from '@/i18n/ideas';
import { isErrorFeedback } from '../utils/feedback';

/**
 * The automation service's feedback on an idea (product.md#dashboard-7): red when it contains 'błąd',
 * otherwise in the accent colour. `live` announces it (the submission page shows it as a result);
 * `requestId`, the failed call's id, is the 'identyfikator zdarzenia' the member can report.
 */
export function WebhookFeedback({
  feedback,
  requestId = null,
  live = false,
}: {
  feedback: string;
  requestId?: string | null;
  live?: boolean;
}) {
  const error = isErrorFeedback(feedback);
  return (
    <div
      role={live ? (error ? 'alert' : 'status') : undefined}
      className={`rounded-lg border px-3 py-2 text-sm ${
        error ? 'border-danger/40 bg-danger/10 text-danger' : 'border-accent/40 bg-accent/10 text-ink'
      }`}
      data-tone={error ? 'error' : 'info'}
      data-testid="webhook-feedback"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{t('ideas.feedback.label')}</p>
      <p className="mt-1 whitespace-pre-line break-words">{feedback}</p>
      {requestId ? (
        <p className="mt-1 text-xs text-ink-muted" data-testid="request-id">
          {t('ideas.feedback.request_id', { id: requestId })}
        </p>
      ) : null}
    </div>
  );
}
