/** Query keys of the announcement banner; in lib so that the admin's announcement changes can refresh it. */
export const announcementKeys = {
  all: ['announcements'] as const,
  active: () => [...announcementKeys.all, 'active'] as const,
};
