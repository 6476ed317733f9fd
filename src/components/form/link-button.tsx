import type { ButtonHTMLAttributes } from 'react';

/** A button that looks like a link (switching modes, "use another e-mail"). */
export function LinkButton({ className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`text-sm font-medium text-accent underline-offset-4 hover:underline disabled:opacity-50 ${className}`}
      {...props}
    />
  );
}
