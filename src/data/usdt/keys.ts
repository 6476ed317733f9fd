/**
 * Query keys of USDT on chain (issue 37): the club's networks (members' payment pages and the
 * admin's settings read the same cache), a USDT order's payment page and the admin's
 * 'Nierozpoznane wpłaty'.
 */
export const usdtKeys = {
  all: ['usdt'] as const,
  networks: () => [...usdtKeys.all, 'networks'] as const,
  saveNetwork: () => [...usdtKeys.networks(), 'save'] as const,
  payment: (orderId: string) => [...usdtKeys.all, 'payment', orderId] as const,
  submitHash: () => [...usdtKeys.all, 'submit'] as const,
  unrecognised: () => [...usdtKeys.all, 'unrecognised'] as const,
  unrecognisedList: (status: string) => [...usdtKeys.unrecognised(), status] as const,
  decideUnrecognised: () => [...usdtKeys.unrecognised(), 'decide'] as const,
};
