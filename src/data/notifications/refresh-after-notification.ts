import type { QueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { paymentKeys } from '@/data/payments/keys';
import { profileKeys } from '@/data/profile/keys';
import { ledgerKeys, walletKeys } from '@/data/wallet/keys';
import type { Json } from '@/types/database.types';
import type { Notification } from './get-notifications';

/** The notification's free-form `data` as an object ({} when it is anything else). */
function dataOf(data: Json): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
}

/**
 * A notification is the server's word that something of the member's changed: the queries it names
 * are read again at once instead of when their cache expires.
 * - a payment decision (`orderId`: 'Płatność potwierdzona' / 'Płatność odrzucona'): the member's orders,
 *   the profile (the header's level badge and its end date) and the CCC packages and slots;
 * - a membership notice (`kind` 'membership_…'): the profile;
 * - money (type 'profit', `kind` 'withdrawal_…' / 'wallet_…' / 'profit_payout'): balance, ledger and
 *   withdrawals.
 */
export function refreshAfterNotification(
  queryClient: QueryClient,
  userId: string,
  notification: Pick<Notification, 'type' | 'data'>,
): Promise<unknown> {
  const data = dataOf(notification.data);
  const kind = typeof data.kind === 'string' ? data.kind : '';
  const keys: (readonly unknown[])[] = [];
  if (typeof data.orderId === 'string') {
    keys.push(paymentKeys.myOrders(userId), profileKeys.own(userId), cccKeys.packages(userId), cccKeys.availability());
  }
  if (kind.startsWith('membership_')) keys.push(profileKeys.own(userId));
  if (
    notification.type === 'profit' ||
    kind.startsWith('withdrawal_') ||
    kind.startsWith('wallet_') ||
    kind === 'profit_payout'
  ) {
    keys.push(ledgerKeys.ofUser(userId), walletKeys.ofUser(userId));
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
