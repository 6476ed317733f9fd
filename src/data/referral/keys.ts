/** Query and mutation keys of the partner page. */
export const referralKeys = {
  all: ['referral'] as const,
  overview: () => [...referralKeys.all, 'overview'] as const,
  generate: () => [...referralKeys.all, 'generate'] as const,
};
