import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghost-danger' | 'danger';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-contrast hover:bg-accent-hover',
  secondary: 'border border-surface-border bg-surface-raised text-ink hover:border-accent hover:text-accent',
  ghost: 'text-ink-muted hover:bg-surface-overlay hover:text-ink',
  // A ghost for destructive actions: its own colour (a text colour added to 'ghost' would compete
  // with text-ink-muted, and the stylesheet's order, not the class order, decides).
  'ghost-danger': 'text-danger hover:bg-surface-overlay',
  danger: 'bg-danger text-surface hover:opacity-90',
};

/** Button look, also for links that should look like buttons. */
export function buttonClassName(variant: ButtonVariant = 'primary', className = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${className}`.trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
