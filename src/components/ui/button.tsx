import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghost-danger' | 'danger';
export type ButtonSize = 'sm' | 'md';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Padding and text size come only from here: a padding class appended by hand would compete with
 * the base one, and the stylesheet's order, not the class order, decides which wins.
 */
const SIZES: Record<ButtonSize, string> = {
  sm: 'px-2 py-1 text-xs',
  md: 'px-4 py-2 text-sm',
};

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
export function buttonClassName(variant: ButtonVariant = 'primary', className = '', size: ButtonSize = 'md'): string {
  return `${BASE} ${SIZES[size]} ${VARIANTS[variant]} ${className}`.trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className, size)} {...props} />;
}
