/** Query keys of the member's apps catalogue (the admin apps tab keeps its own, in features/admin). */
export const appsKeys = {
  all: ['apps'] as const,
  catalogue: () => [...appsKeys.all, 'catalogue'] as const,
};
