import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { auditKeys } from './keys';
import type { AuditFilters } from './keys';

export const AUDIT_PAGE_SIZE = 25;

const AUDIT_COLUMNS =
  'id, created_at, actor_id, actor_email, actor_kind, function_name, request_id, action, target_type, target_id, target_user_id, before, after';

/**
 * A range of the audit trail (admin_audit_entries: the rows with the admin's e-mail and the personal
 * values put back), newest first, narrowed by the tab's filters: the admin (id), the action (exact),
 * the member (target user id), the days from/to (the browser's days, inclusive) and the request id
 * (exact: the 'identyfikator zdarzenia' a member reports, the functions' log lines carry). Admins only
 * (RLS). No count (at a million rows it would cost more than the page): one row more than asked
 * tells whether a next page exists.
 */
export async function listAudit(
  client: AppSupabaseClient,
  filters: AuditFilters,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client
    .from('admin_audit_entries')
    .select(AUDIT_COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit);
  if (filters.actor) request = request.eq('actor_id', filters.actor.trim());
  if (filters.action) request = request.eq('action', filters.action.trim());
  if (filters.member) request = request.eq('target_user_id', filters.member.trim());
  if (filters.from) request = request.gte('created_at', startOfDay(filters.from, 0));
  if (filters.to) request = request.lt('created_at', startOfDay(filters.to, 1));
  if (filters.request) request = request.eq('request_id', filters.request.trim());
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The start of a local day (yyyy-mm-dd), plus `days`, as an ISO instant. */
function startOfDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + days).toISOString();
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

export const auditQueryOptions = (getClient: () => Promise<AppSupabaseClient>, filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: auditKeys.list(filters, page),
    queryFn: async ({ signal }) =>
      listAudit(await getClient(), filters, page * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(filters: AuditFilters, page: number) {
  const { getClient } = useSupabase();
  return useQuery(auditQueryOptions(getClient, filters, page));
}
