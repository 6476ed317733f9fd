/** Query keys of the CCC packages page. */
export const cccKeys = {
  all: ['ccc'] as const,
  availability: () => [...cccKeys.all, 'availability'] as const,
  settings: () => [...cccKeys.all, 'settings'] as const,
  paymentLinks: () => [...cccKeys.all, 'payment-links'] as const,
};
