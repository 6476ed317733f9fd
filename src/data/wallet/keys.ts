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

/** Query keys of the eWallet. */
export const walletKeys = {
  all: ['wallet'] as const,
  withdrawals: (userId: string) => [...walletKeys.all, 'withdrawals', userId] as const,
  requestWithdrawal: () => [...walletKeys.all, 'request-withdrawal'] as const,
  cancelWithdrawal: () => [...walletKeys.all, 'cancel-withdrawal'] as const,
  savedAddresses: (userId: string) => [...walletKeys.all, 'saved-addresses', userId] as const,
  saveAddress: () => [...walletKeys.all, 'save-address'] as const,
  updateAddress: () => [...walletKeys.all, 'update-address'] as const,
  deleteAddress: () => [...walletKeys.all, 'delete-address'] as const,
};
