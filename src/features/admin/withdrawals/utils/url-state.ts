import { withdrawalsQueryOptions } from '@/data/wallet/list-withdrawals';
import type { AppSupabaseClient } from '@/lib/supabase';
import { urlEnum, urlPage, urlStateDefaults } from '@/lib/use-url-state';
import { Constants } from '@/types/database.types';

/** The list's view in the address: ?status= (pending when absent) and &page= (1-based). */
export const WITHDRAWALS_URL_STATE = {
  status: urlEnum(Constants.public.Enums.withdrawal_status, 'pending'),
  page: urlPage(),
};

/** The tab's first read as the tab bar opens it (an address without parameters), for app/routes/dashboard/admin/first-reads. */
export const withdrawalsTabFirstRead = (getClient: () => Promise<AppSupabaseClient>) => {
  const { status, page } = urlStateDefaults(WITHDRAWALS_URL_STATE);
  return withdrawalsQueryOptions(getClient, { status, page: page - 1 });
};
