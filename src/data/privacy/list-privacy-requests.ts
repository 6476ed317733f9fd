import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';
import { privacyKeys } from './keys';

export type PrivacyRequestStatus = Enums<'privacy_request_status'>;
export type PrivacyRequestKind = Enums<'privacy_request_kind'>;

export const PRIVACY_REQUESTS_PAGE_SIZE = 50;

/**
 * 'Wnioski RODO' (RPC admin_list_privacy_requests, admins at aal2): the requests, open first by
 * deadline, then the others newest first; with the member (while the account exists) and the
 * handling admin's e-mail.
 */
export async function listPrivacyRequests(
  client: AppSupabaseClient,
  status: PrivacyRequestStatus | null,
  page: number,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_privacy_requests', {
    ...(status && { p_status: status }),
    p_limit: PRIVACY_REQUESTS_PAGE_SIZE,
    p_offset: page * PRIVACY_REQUESTS_PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PrivacyRequest = Awaited<ReturnType<typeof listPrivacyRequests>>[number];

export const privacyRequestsQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  status: PrivacyRequestStatus | null = null,
  page = 0,
) =>
  queryOptions({
    queryKey: privacyKeys.requests(status, page),
    queryFn: async ({ signal }) => listPrivacyRequests(await getClient(), status, page, signal),
    placeholderData: keepPreviousData,
  });

export function usePrivacyRequests(status: PrivacyRequestStatus | null, page: number) {
  const { getClient } = useSupabase();
  return useQuery(privacyRequestsQueryOptions(getClient, status, page));
}
