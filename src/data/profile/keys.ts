/** Query keys of the signed-in member's own profile (read by the header, settings, plans, wallet…). */
export const profileKeys = {
  all: ['profile'] as const,
  own: (userId: string) => [...profileKeys.all, 'own', userId] as const,
};

/** Mutation keys of the settings page's profile and account changes. */
export const settingsKeys = {
  all: ['settings'] as const,
  updateProfile: () => [...settingsKeys.all, 'update-profile'] as const,
  uploadAvatar: () => [...settingsKeys.all, 'upload-avatar'] as const,
  emailChange: () => [...settingsKeys.all, 'email-change'] as const,
  changePassword: () => [...settingsKeys.all, 'change-password'] as const,
  disableTotp: () => [...settingsKeys.all, 'disable-totp'] as const,
  emailNotifications: () => [...settingsKeys.all, 'email-notifications'] as const,
};
