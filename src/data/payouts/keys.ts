/** Query and mutation keys of e-commerce revenue and profit payouts (the admin 'Przychody' and 'Wypłaty zysków' tabs). */
export const payoutKeys = {
  all: ['payouts'] as const,
  revenue: () => [...payoutKeys.all, 'revenue'] as const,
  /** The revenue tab's latest entries. */
  revenueHistory: () => [...payoutKeys.revenue(), 'history'] as const,
  /** The payout view's entries, each with whether it was paid out. */
  payoutRevenue: () => [...payoutKeys.revenue(), 'with-payout'] as const,
  addRevenue: () => [...payoutKeys.revenue(), 'add'] as const,
  correctRevenue: () => [...payoutKeys.revenue(), 'correct'] as const,
  voidRevenue: () => [...payoutKeys.revenue(), 'void'] as const,
  runs: () => [...payoutKeys.all, 'runs'] as const,
  /** One run's per-member items, a page. */
  runItems: (runId: string, page: number) => [...payoutKeys.runs(), runId, 'items', page] as const,
  preview: (revenueId: string, rate: string) => [...payoutKeys.all, 'preview', revenueId, rate] as const,
  run: () => [...payoutKeys.all, 'run'] as const,
  reverse: () => [...payoutKeys.all, 'reverse'] as const,
};
