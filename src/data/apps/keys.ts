/**
 * Query and mutation keys of apps: the members' catalogue and the admin 'Aplikacje' tab read under one
 * root, so an admin's change refreshes both.
 */
export const appsKeys = {
  all: ['apps'] as const,
  catalogue: () => [...appsKeys.all, 'catalogue'] as const,
  /** The admin tab's list of every app. */
  adminList: () => [...appsKeys.all, 'admin-list'] as const,
  create: () => [...appsKeys.all, 'create'] as const,
  update: () => [...appsKeys.all, 'update'] as const,
  delete: () => [...appsKeys.all, 'delete'] as const,
};
