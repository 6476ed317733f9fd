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
