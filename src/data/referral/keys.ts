/**
 * Query and mutation keys of referrals: the partner page, the main panel's top partners, the `?ref`
 * visit count and the admin's commissions 'Do wypłaty' with their settlement ('Finanse').
 */
export const referralKeys = {
  all: ['referral'] as const,
  overview: () => [...referralKeys.all, 'overview'] as const,
  topPartners: (limit: number) => [...referralKeys.all, 'top-partners', limit] as const,
  generate: () => [...referralKeys.all, 'generate'] as const,
  visit: () => [...referralKeys.all, 'visit'] as const,
  /** The admin's view of what is owed: per referrer, by page. */
  unpaidCommissions: () => [...referralKeys.all, 'unpaid-commissions'] as const,
  unpaidCommissionsPage: (page: number) => [...referralKeys.unpaidCommissions(), page] as const,
  settlementPreview: (userId: string | null, rate: string) =>
    [...referralKeys.all, 'settlement-preview', userId ?? 'all', rate] as const,
  settle: () => [...referralKeys.all, 'settle'] as const,
};
