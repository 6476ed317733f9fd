import { SeoTab } from '@/features/admin/seo/components/seo-tab';

/** /dashboard/admin/seo: a lazy chunk of its own. */
export function Component() {
  return <SeoTab />;
}
