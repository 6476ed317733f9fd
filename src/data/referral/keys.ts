/** Query and mutation keys of referrals: the partner page, the main panel's top partners and the `?ref` visit count. */
export const referralKeys = {
  all: ['referral'] as const,
  overview: () => [...referralKeys.all, 'overview'] as const,
  topPartners: (limit: number) => [...referralKeys.all, 'top-partners', limit] as const,
  generate: () => [...referralKeys.all, 'generate'] as const,
  visit: () => [...referralKeys.all, 'visit'] as const,
};
