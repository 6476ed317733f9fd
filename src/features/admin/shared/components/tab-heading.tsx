import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/layout/site-head';

/**
 * A tab's heading with its main action at the right, and the browser tab's title
 * "{tab} | {site title}" (the site title from the SEO settings, 'Klub' until they are read).
 */
export function TabHeading({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
