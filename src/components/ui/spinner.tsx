import { t } from '@/i18n/messages';

export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-6 w-6 animate-spin rounded-full border-2 border-accent border-t-transparent ${className}`}
    />
  );
}

/** A loading state that screen readers announce. */
export function LoadingState({ label = t('app.loading') }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 p-8 text-ink-muted">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

export function FullPageLoader({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-surface">
      <LoadingState label={label} />
    </div>
  );
}
