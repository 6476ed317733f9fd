import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger' | 'info';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-surface-border bg-surface-overlay text-ink',
  accent: 'border-accent/60 bg-accent/10 text-accent',
  success: 'border-success/50 bg-success/10 text-success',
  danger: 'border-danger/50 bg-danger/10 text-danger',
  info: 'border-ink-muted/40 bg-surface-overlay text-ink-muted',
};

/** A small label (status, level, discount). Colours pass WCAG AA on the dark surfaces. */
export function Badge({
  tone = 'neutral',
  children,
  className = '',
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
