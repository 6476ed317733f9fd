/** Query keys of the main panel (the banner's are in lib/announcements). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  topPartners: (limit: number) => [...dashboardKeys.all, 'top-partners', limit] as const,
};
