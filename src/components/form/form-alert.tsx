import type { ReactNode } from 'react';

/**
 * A form's general message. Errors are role="alert" (announced at once); success and notices are
 * role="status".
 */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const colours = {
    error: 'border-danger/40 bg-danger/10 text-danger',
    success: 'border-success/40 bg-success/10 text-success',
    info: 'border-accent/40 bg-accent/10 text-ink',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>
      {children}
    </div>
  );
}
