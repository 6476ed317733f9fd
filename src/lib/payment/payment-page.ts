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
