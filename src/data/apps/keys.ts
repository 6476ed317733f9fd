/** Query keys of the member's apps catalogue; in lib so that the admin's app changes can refresh it. */
export const appsKeys = {
  all: ['apps'] as const,
  catalogue: () => [...appsKeys.all, 'catalogue'] as const,
};
