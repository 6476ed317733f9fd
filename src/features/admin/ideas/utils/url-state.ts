import { IDEA_STATUSES } from '@/components/ideas/idea-status';
import { ideasQueryOptions } from '@/data/ideas/list-ideas';
import type { AppSupabaseClient } from '@/lib/supabase';
import { urlEnum, urlPage, urlStateDefaults } from '@/lib/use-url-state';

/** The moderation list's view in the address: ?status= and &page= (1-based). */
export const IDEAS_URL_STATE = { status: urlEnum(IDEA_STATUSES), page: urlPage() };

/** The tab's first read as the tab bar opens it (an address without parameters), for app/routes/dashboard/admin/first-reads. */
export const ideasTabFirstRead = (getClient: () => Promise<AppSupabaseClient>) => {
  const { status, page } = urlStateDefaults(IDEAS_URL_STATE);
  return ideasQueryOptions(getClient, { status, page: page - 1 });
};
