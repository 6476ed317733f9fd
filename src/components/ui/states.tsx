import type { ReactNode } from 'react';
import { t } from '@/i18n/messages';
import { Button } from './button';

/** A list or section with nothing to show: the spec's empty text, and an optional hint or action. */
export function EmptyState({ children, hint, action }: { children: ReactNode; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-surface-border p-8 text-center">
      <p className="text-ink">{children}</p>
      {hint ? <p className="mt-2 text-sm text-ink-muted">{hint}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

/**
 * A read that failed: the message (already Polish: the spec's text or toUserMessage) announced at
 * once, and a retry button when the caller can try again.
 */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-6 text-center">
      <p className="text-danger">{message}</p>
      {onRetry ? (
        <Button
          variant="secondary"
          className="mt-4"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying || undefined}
        >
          {t('app.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Grey blocks in the shape of what is loading, so the layout stays still; announced as loading. */
export function Skeleton({ className = '', label }: { className?: string; label?: string }) {
  return (
    <div
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-busy={label ? true : undefined}
      className={`animate-pulse rounded-lg bg-surface-overlay ${className}`}
    />
  );
}
