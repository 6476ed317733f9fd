/** The users tab's search, filters, sort and page. */
export type UserListParams = {
  search: string;
  emailConfirmed: boolean | null;
  level: string | null;
  sort: 'name' | 'email' | 'created';
  ascending: boolean;
  page: number;
};

/** Query and mutation keys of admin user management (the 'Użytkownicy' tab). */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...usersKeys.lists(), params] as const,
  /** A short search by name, e-mail or phone (the audit tab's member filter). */
  search: (query: string) => [...usersKeys.all, 'search', query] as const,
  update: () => [...usersKeys.all, 'update'] as const,
  confirmEmail: () => [...usersKeys.all, 'confirm-email'] as const,
  delete: () => [...usersKeys.all, 'delete'] as const,
};
