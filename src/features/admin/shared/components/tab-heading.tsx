import type { ReactNode } from 'react';
import { t } from '@/i18n/admin';
import { useSiteSettings } from '@/lib/site-settings/get-site-settings';

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
  const siteTitle = useSiteSettings().data?.site_title || t('app.name');
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <title>{`${title} | ${siteTitle}`}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
