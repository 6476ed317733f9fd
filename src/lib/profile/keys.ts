/** Query keys of the signed-in member's own profile (read by the header, settings, plans, wallet…). */
export const profileKeys = {
  all: ['profile'] as const,
  own: (userId: string) => [...profileKeys.all, 'own', userId] as const,
};
