/**
 * Query keys of a wallet's balance and ledger ('Historia operacji'): read by the member's eWallet page and the
 * admin's 'Portfel' of a member, so an admin credit refreshes what both show.
 */
export const ledgerKeys = {
  all: ['wallet-ledger'] as const,
  ofUser: (userId: string) => [...ledgerKeys.all, userId] as const,
  page: (userId: string, page: number) => [...ledgerKeys.ofUser(userId), 'page', page] as const,
  balance: (userId: string) => [...ledgerKeys.ofUser(userId), 'balance'] as const,
};
