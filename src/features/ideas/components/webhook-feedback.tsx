import { t } from '@/i18n/ideas';
import { isErrorFeedback } from '../utils/feedback';

/**
 * The automation service's feedback on an idea (product.md#dashboard-7): red when it contains 'błąd',
 * otherwise in the accent colour. `live` announces it (the submission page shows it as a result).
 */
export function WebhookFeedback({ feedback, live = false }: { feedback: string; live?: boolean }) {
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
    </div>
  );
}
