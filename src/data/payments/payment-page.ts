import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { toUserMessage } from '@/lib/errors';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';
import { createPaymentOrder, type PaymentItem, type PaymentOrder } from './create-payment-order';
import { registerGatewayPayment } from './gateway-payment';
import { paymentKeys } from './keys';

/** transfer (a Polish payment gateway), usdt, acc: the methods of both payment dialogs (product.md#dashboard-2). */
export type PaymentMethod = Enums<'payment_method'>;
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['transfer', 'usdt', 'acc'];

/** The query parameter that carries the member's e-mail to the ACC page (the spec does not name it). */
export const ACC_EMAIL_PARAMETER = 'email';

/**
 * The provider's page for a stored link: for acc the member's e-mail is appended as a query
 * parameter (URL-encoded by URLSearchParams), keeping any query and fragment the link has.
 */
export function paymentPageUrl(link: string, method: PaymentMethod, email: string | null | undefined): string {
  if (method !== 'acc' || !email) return link;
  const url = new URL(link);
  url.searchParams.set(ACC_EMAIL_PARAMETER, email);
  return url.toString();
}

/**
 * Opens the provider's page in a new tab without giving it a handle on this one (noopener,
 * noreferrer). Call it from the click itself, so a popup blocker sees the user's gesture.
 */
export function openPaymentPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * A blank tab opened within the click (a popup blocker allows it only there), cut off from this
 * one at once; sent to the provider once the order exists. Null when the browser blocked it.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) {
    try {
      tab.opener = null;
    } catch {
      // A browser that refuses the assignment opened the tab without an opener anyway.
    }
  }
  return tab;
}

type PaymentLink = { method: PaymentMethod; url: string };

/**
 * The order recorded and where the member pays it; `tabOpened` false when a popup blocker refused the
 * tab. `usdt`: our own payment page of a USDT order on a network (the dialog goes there; no tab).
 */
export type PaymentStarted = {
  order: PaymentOrder;
  url: string;
  tabOpened: boolean;
  gateway?: boolean;
  usdt?: boolean;
};

/** Our own payment page of a USDT order (issue 37: the club's address, the exact amount, 'Hash transakcji'). */
export const usdtPaymentPath = (orderId: string) => paths.dashboard.usdtPayment.getHref(orderId);

/**
 * Paying from a payment dialog: within the click a blank tab opens (popup blockers allow a tab only
 * from the gesture itself); then the order is recorded (RPC create_payment_order, prices from the
 * database) and the tab is sent to the stored link of the chosen method (ACC with the member's
 * e-mail), or, for a transfer through the payment gateway, to the gateway's page for the order. No
 * link, an order that could not be recorded or a refused registration closes the tab and says `failed` (with
 * the database's reason when it gave one). `started` holds the order for the success state; the
 * member's order list is read again.
 */
export function usePaymentPage<L extends PaymentLink>({
  links,
  fetchLinks,
  belongs,
  email,
  item,
  gateway = false,
}: {
  /** The links already read, or undefined while they are not. */
  links: readonly L[] | undefined;
  fetchLinks: () => Promise<readonly L[]>;
  /** Whether a link is one of the product bought (its tier). */
  belongs: (link: L) => boolean;
  email: string;
  item: PaymentItem;
  /**
   * The transfer method goes through the payment gateway (gateway-payment.ts): no stored link is
   * needed; the recorded order is registered with the gateway and the tab goes to its payment page,
   * which sends the member back to the return page.
   */
  gateway?: boolean;
}) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [started, setStarted] = useState<PaymentStarted | null>(null);

  const find = (list: readonly L[], method: PaymentMethod) =>
    list.find((candidate) => belongs(candidate) && candidate.method === method);

  const fail = (error?: unknown) => {
    setFailed(true);
    setReason(error !== undefined && isPaymentsErrorKey(error) ? toUserMessage(error) : null);
  };

  /**
   * `consentText`: the text of the consent checkbox the member ticked, stored on the order.
   * `network`: USDT on one of the club's networks: the order is recorded with it and the answer is
   * our own payment page (no stored link, no tab).
   */
  const open = async (
    method: PaymentMethod,
    consentText?: string,
    network?: Enums<'withdrawal_network'>,
  ): Promise<PaymentStarted | null> => {
    setFailed(false);
    setReason(null);
    if (method === 'usdt' && network) {
      setProcessing(true);
      try {
        const order = await createPaymentOrder(await getClient(), item, method, consentText, network);
        const next = { order, url: usdtPaymentPath(order.id), tabOpened: false, usdt: true };
        setStarted(next);
        void queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders(user?.id ?? '') });
        void queryClient.invalidateQueries({ queryKey: paymentKeys.adminOrders() });
        return next;
      } catch (error) {
        fail(error);
        return null;
      } finally {
        setProcessing(false);
      }
    }
    const viaGateway = gateway && method === 'transfer';
    const cached = links ? find(links, method) : undefined;
    if (!viaGateway && links && !cached) {
      fail();
      return null;
    }
    const tab = openBlankTab();
    setProcessing(true);
    try {
      const link = viaGateway ? null : (cached ?? find(await fetchLinks(), method));
      if (!viaGateway && !link) throw new Error('payment.failed');
      const client = await getClient();
      const order = await createPaymentOrder(client, item, method, consentText);
      // The order exists from here on (the member's list shows it, even if the gateway fails).
      void queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders(user?.id ?? '') });
      const url = link ? paymentPageUrl(link.url, method, email) : (await registerGatewayPayment(client, order.id)).url;
      let tabOpened = false;
      if (tab) {
        tab.location.href = url;
        tabOpened = true;
      }
      const next = { order, url, tabOpened, gateway: !link };
      setStarted(next);
      // The new order shows in the member's list and in the admin's 'Płatności' alike.
      void queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders(user?.id ?? '') });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.adminOrders() });
      return next;
    } catch (error) {
      tab?.close();
      fail(error);
      return null;
    } finally {
      setProcessing(false);
    }
  };

  return {
    open,
    failed,
    reason,
    processing,
    started,
    clearFailure: () => {
      setFailed(false);
      setReason(null);
    },
  };
}

/** True for the payments.* (limits, slots) and membership.* keys the database raises: their text says why. */
function isPaymentsErrorKey(error: unknown): boolean {
  return error instanceof Error && (error.message.startsWith('payments.') || error.message.startsWith('membership.'));
}
