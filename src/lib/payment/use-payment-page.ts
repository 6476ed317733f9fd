import { useState } from 'react';
import { openPaymentPage, paymentPageUrl, type PaymentMethod } from './payment-page';

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
