/**
 * Query keys of the main panel's statistics: one read that spans domains (apps, ideas, members, revenue,
 * levels, CCC packages); the panel's other reads are keyed by their domains.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};
