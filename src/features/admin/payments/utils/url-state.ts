import { paymentOrdersQueryOptions, type PaymentOrdersParams } from '@/data/payments/list-payment-orders';
import { PAYMENT_METHODS } from '@/data/payments/payment-page';
import type { AppSupabaseClient } from '@/lib/supabase';
import { urlEnum, urlPage, urlStateDefaults, urlText, type UrlState } from '@/lib/use-url-state';
import { Constants } from '@/types/database.types';

/** The list's view in the address: ?status= ('all' for every status; pending when absent), &method=, &q=, &page=. */
export const PAYMENTS_URL_STATE = {
  status: urlEnum([...Constants.public.Enums.payment_order_status, 'all'], 'pending'),
  method: urlEnum(PAYMENT_METHODS),
  q: urlText(),
  page: urlPage(),
};

/** The list's query for a view in the address. */
export function ordersListParams(view: UrlState<typeof PAYMENTS_URL_STATE>): PaymentOrdersParams {
  return {
    status: view.status === 'all' ? '' : view.status,
    method: view.method ?? '',
    search: view.q,
    page: view.page - 1,
  };
}

/** The tab's first read as the tab bar opens it (an address without parameters), for app/routes/dashboard/admin/first-reads. */
export const paymentsTabFirstRead = (getClient: () => Promise<AppSupabaseClient>) =>
  paymentOrdersQueryOptions(getClient, ordersListParams(urlStateDefaults(PAYMENTS_URL_STATE)));
