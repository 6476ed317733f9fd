import { useId, type HTMLAttributes, type ReactNode } from 'react';

type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** A heading for the card (rendered as the given level, h2 by default) and its region label. */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Buttons or links shown at the right of the heading. */
  actions?: ReactNode;
};

/** A raised panel of the dark theme; with a title it is a labelled section. */
export function Card({ title, headingLevel = 2, actions, className = '', children, ...props }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-xl border border-surface-border bg-surface-raised p-5 ${className}`}
      {...props}
    >
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title ? (
            <Heading id={headingId} className="text-lg font-semibold text-ink">
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
