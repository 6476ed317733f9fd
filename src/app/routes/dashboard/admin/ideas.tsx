import { IdeasTab } from '@/features/admin/ideas/components/ideas-tab';

/** /dashboard/admin/ideas: a lazy chunk of its own. */
export function Component() {
  return <IdeasTab />;
}
