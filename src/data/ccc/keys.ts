/**
 * Query keys of CCC packages, one factory for the member's CCC page and the admin's assignment
 * dialog: an admin's assignment (or a confirmed payment) refreshes what members see.
 */
export const cccKeys = {
  all: ['ccc'] as const,
  availability: () => [...cccKeys.all, 'availability'] as const,
  settings: () => [...cccKeys.all, 'settings'] as const,
  packages: (userId: string) => [...cccKeys.all, 'packages', userId] as const,
  updateSettings: () => [...cccKeys.all, 'update-settings'] as const,
  updateTier: () => [...cccKeys.all, 'update-tier'] as const,
  assign: () => [...cccKeys.all, 'assign'] as const,
  removeAssignment: () => [...cccKeys.all, 'remove-assignment'] as const,
};
