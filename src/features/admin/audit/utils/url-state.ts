import { auditQueryOptions } from '@/data/audit/list-audit';
import type { AppSupabaseClient } from '@/lib/supabase';
import { urlDate, urlPage, urlStateDefaults, urlText } from '@/lib/use-url-state';

/** The applied filters and the page (1-based) in the address: ?actor=&action=&member=&from=&to=&request=&page=. */
export const AUDIT_URL_STATE = {
  actor: urlText(),
  action: urlText(),
  member: urlText(),
  from: urlDate(),
  to: urlDate(),
  request: urlText(),
  page: urlPage(),
};

/** The tab's first read as the tab bar opens it (an address without parameters), for app/routes/dashboard/admin/first-reads. */
export const auditTabFirstRead = (getClient: () => Promise<AppSupabaseClient>) => {
  const { page, ...filters } = urlStateDefaults(AUDIT_URL_STATE);
  return auditQueryOptions(getClient, filters, page - 1);
};
