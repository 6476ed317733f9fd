import type { UserListParams } from '@/data/users/keys';
import { usersQueryOptions } from '@/data/users/list-users';
import type { AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import type { AppSupabaseClient } from '@/lib/supabase';
import { urlEnum, urlPage, urlStateDefaults, urlText, type UrlState } from '@/lib/use-url-state';
import { Constants } from '@/types/database.types';

type SortChoice = `${UserListParams['sort']}:${'asc' | 'desc'}`;
export const USER_SORT_LABELS: Record<SortChoice, MessageKey> = {
  'created:desc': 'admin.users.sort.created_desc',
  'created:asc': 'admin.users.sort.created_asc',
  'name:asc': 'admin.users.sort.name_asc',
  'name:desc': 'admin.users.sort.name_desc',
  'email:asc': 'admin.users.sort.email_asc',
  'email:desc': 'admin.users.sort.email_desc',
};

const SORTS = Object.keys(USER_SORT_LABELS) as [SortChoice, ...SortChoice[]];

/** The list's view in the address: ?q=&confirmed=&level=&sort=&page= (1-based). */
export const USERS_URL_STATE = {
  q: urlText(),
  confirmed: urlEnum(['true', 'false']),
  level: urlEnum(Constants.public.Enums.membership_level),
  sort: urlEnum(SORTS, 'created:desc'),
  page: urlPage(),
};

/** The list's query for a view in the address. */
export function usersListParams(view: UrlState<typeof USERS_URL_STATE>): UserListParams {
  const [sortColumn, direction] = view.sort.split(':') as [UserListParams['sort'], 'asc' | 'desc'];
  return {
    search: view.q,
    emailConfirmed: view.confirmed === null ? null : view.confirmed === 'true',
    level: view.level,
    sort: sortColumn,
    ascending: direction === 'asc',
    page: view.page - 1,
  };
}

/** The tab's first read as the tab bar opens it (an address without parameters), for app/routes/dashboard/admin/first-reads. */
export const usersTabFirstRead = (getClient: () => Promise<AppSupabaseClient>) =>
  usersQueryOptions(getClient, usersListParams(urlStateDefaults(USERS_URL_STATE)));
