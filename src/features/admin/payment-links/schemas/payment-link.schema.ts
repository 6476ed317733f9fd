/** The tables' URL rule: http(s), a host with a dot, no spaces (20261122000800_payments.sql). */
export const PAYMENT_URL = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

/** The message key for a link the database would refuse, or null. */
export function checkPaymentUrl(url: string): 'validation.payment_link.url' | null {
  const value = url.trim();
  return value.length <= 2048 && PAYMENT_URL.test(value) ? null : 'validation.payment_link.url';
}
