/** Query and mutation keys of the site settings (title, description, icons, share tags): one row for everyone. */
export const siteSettingsKeys = {
  all: ['site-settings'] as const,
  current: () => [...siteSettingsKeys.all, 'current'] as const,
  update: () => [...siteSettingsKeys.all, 'update'] as const,
};
