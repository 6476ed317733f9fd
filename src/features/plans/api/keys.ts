/** Query keys of the plans grid (the plans catalogue itself is in lib/membership-plans). */
export const planKeys = {
  all: ['plans'] as const,
  paymentLinks: () => [...planKeys.all, 'payment-links'] as const,
};
