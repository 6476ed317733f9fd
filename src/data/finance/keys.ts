/** Query keys of the treasurer's view ('Finanse'): one read of everything it shows. */
export const financeKeys = {
  all: ['finance'] as const,
  overview: (months: number) => [...financeKeys.all, 'overview', months] as const,
};
