import { SeoTab } from '@/features/admin/seo/components/seo-tab';
import { prefetchRead, type SectionPrefetch } from '@/lib/section-prefetch';
import { siteSettingsQueryOptions } from '@/lib/site-settings/get-site-settings';

/** /dashboard/admin/seo: a lazy chunk of its own. */
export function Component() {
  return <SeoTab />;
}

/** The site settings: read ahead when the tab is pointed at or focused. */
export const prefetch: SectionPrefetch = ({ queryClient, getClient }) => {
  prefetchRead(queryClient, siteSettingsQueryOptions(getClient));
};
