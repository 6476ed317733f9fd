/** Query keys of the main panel and the announcement banner. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  topPartners: (limit: number) => [...dashboardKeys.all, 'top-partners', limit] as const,
  announcements: () => [...dashboardKeys.all, 'announcements'] as const,
};
