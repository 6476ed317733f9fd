/**
 * Query and mutation keys of announcements: the members' banner and the admin 'Ogłoszenia' tab read
 * under one root, so an admin's change refreshes both.
 */
export const announcementKeys = {
  all: ['announcements'] as const,
  active: () => [...announcementKeys.all, 'active'] as const,
  /** The admin tab's list of every announcement. */
  adminList: () => [...announcementKeys.all, 'admin-list'] as const,
  create: () => [...announcementKeys.all, 'create'] as const,
  update: () => [...announcementKeys.all, 'update'] as const,
  delete: () => [...announcementKeys.all, 'delete'] as const,
};
