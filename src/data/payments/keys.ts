/**
 * Query keys of payment orders: the member's own list (plans page, CCC page and 'Moje płatności'
 * read the same cache) and the admin 'Płatności' tab. An admin decision invalidates both.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  myOrders: (userId: string) => [...paymentKeys.all, 'mine', userId] as const,
  adminOrders: () => [...paymentKeys.all, 'admin'] as const,
  adminOrdersList: (filters: { status: string; method: string; search: string; page: number }) =>
    [...paymentKeys.adminOrders(), filters] as const,
  planLinks: () => [...paymentKeys.all, 'plan-links'] as const,
  cccLinks: () => [...paymentKeys.all, 'ccc-links'] as const,
  /** The admin 'Linki płatności' tab: every link of both kinds, active or not. */
  adminLinks: () => [...paymentKeys.all, 'admin-links'] as const,
  saveLinks: () => [...paymentKeys.adminLinks(), 'save'] as const,
  createOrder: () => [...paymentKeys.all, 'create'] as const,
  /** An order's payment gateway log (admins: the order's detail in 'Płatności'). */
  events: (orderId: string) => [...paymentKeys.adminOrders(), 'events', orderId] as const,
  /** Whether the transfer method goes through the payment gateway (Przelewy24). */
  gateway: () => [...paymentKeys.all, 'gateway'] as const,
  cancelOrder: () => [...paymentKeys.all, 'cancel'] as const,
  /** What buying a plan would give today (dates, extra days): read again after every order decision. */
  planPreview: (userId: string, tier: string) => [...paymentKeys.all, 'plan-preview', userId, tier] as const,
  refundOrder: () => [...paymentKeys.adminOrders(), 'refund'] as const,
  settings: () => [...paymentKeys.all, 'settings'] as const,
  saveSettings: () => [...paymentKeys.settings(), 'save'] as const,
};
