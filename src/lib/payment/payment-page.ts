import { useState } from 'react';
import type { Enums } from '@/types/database.types';

/** transfer (a Polish payment gateway), usdt, acc: the methods of both payment dialogs (dashboard.md §2). */
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

type PaymentLink = { method: PaymentMethod; url: string };

/**
 * Opening the provider's page from a payment dialog: the stored link for the chosen method (read
 * from the cache, so the tab opens within the click, or fetched once with `processing` meanwhile),
 * for acc with the member's e-mail; `failed` when there is no link or the page could not be opened.
 * `onOpened` runs after the page is open (the dialogs close).
 */
export function usePaymentPage<L extends PaymentLink>({
  links,
  fetchLinks,
  belongs,
  email,
  onOpened,
}: {
  /** The links already read, or undefined while they are not. */
  links: readonly L[] | undefined;
  fetchLinks: () => Promise<readonly L[]>;
  /** Whether a link is one of the product bought (its tier). */
  belongs: (link: L) => boolean;
  email: string;
  onOpened: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const [processing, setProcessing] = useState(false);

  const openFrom = (list: readonly L[], method: PaymentMethod) => {
    const link = list.find((candidate) => belongs(candidate) && candidate.method === method);
    if (!link) {
      setFailed(true);
      return;
    }
    try {
      openPaymentPage(paymentPageUrl(link.url, method, email));
    } catch {
      setFailed(true);
      return;
    }
    onOpened();
  };

  const open = async (method: PaymentMethod) => {
    setFailed(false);
    if (links) {
      openFrom(links, method);
      return;
    }
    setProcessing(true);
    try {
      openFrom(await fetchLinks(), method);
    } catch {
      setFailed(true);
    } finally {
      setProcessing(false);
    }
  };

  return { open, failed, processing, clearFailure: () => setFailed(false) };
}
