/**
 * Query and mutation keys of the wallet, one root for the member's eWallet page and the admin's
 * 'Wypłaty' tab and 'Portfel' dialog: a decision or a credit on either side refreshes what the other
 * shows (balance, ledger, withdrawals).
 */
export const walletKeys = {
  all: ['wallet'] as const,
  ofUser: (userId: string) => [...walletKeys.all, 'user', userId] as const,
  withdrawals: (userId: string) => [...walletKeys.ofUser(userId), 'withdrawals'] as const,
  savedAddresses: (userId: string) => [...walletKeys.ofUser(userId), 'saved-addresses'] as const,
  requestWithdrawal: () => [...walletKeys.all, 'request-withdrawal'] as const,
  cancelWithdrawal: () => [...walletKeys.all, 'cancel-withdrawal'] as const,
  saveAddress: () => [...walletKeys.all, 'save-address'] as const,
  updateAddress: () => [...walletKeys.all, 'update-address'] as const,
  deleteAddress: () => [...walletKeys.all, 'delete-address'] as const,
  /** The admin 'Wypłaty' tab: every member's withdrawals, per status and page. */
  adminWithdrawals: () => [...walletKeys.all, 'admin-withdrawals'] as const,
  adminWithdrawalList: (status: string, page: number) =>
    [...walletKeys.adminWithdrawals(), 'list', status, page] as const,
  claimWithdrawal: () => [...walletKeys.adminWithdrawals(), 'claim'] as const,
  releaseWithdrawal: () => [...walletKeys.adminWithdrawals(), 'release'] as const,
  completeWithdrawal: () => [...walletKeys.adminWithdrawals(), 'complete'] as const,
  failWithdrawal: () => [...walletKeys.adminWithdrawals(), 'fail'] as const,
  adjust: () => [...walletKeys.all, 'adjust'] as const,
};

/**
 * Query keys of a wallet's balance and ledger ('Historia operacji'), under the wallet's root: read by
 * the member's eWallet page and the admin's 'Portfel' of a member.
 */
export const ledgerKeys = {
  all: [...walletKeys.all, 'ledger'] as const,
  ofUser: (userId: string) => [...ledgerKeys.all, userId] as const,
  page: (userId: string, page: number) => [...ledgerKeys.ofUser(userId), 'page', page] as const,
  balance: (userId: string) => [...ledgerKeys.ofUser(userId), 'balance'] as const,
};
