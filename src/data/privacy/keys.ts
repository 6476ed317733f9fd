/** Query keys of a member's data (RODO): the deletion's blockers and the admin's requests log. */
export const privacyKeys = {
  all: ['privacy'] as const,
  blockers: (userId: string) => [...privacyKeys.all, 'blockers', userId] as const,
  requests: (status: string | null, page: number) => [...privacyKeys.all, 'requests', status ?? 'all', page] as const,
  exportMine: () => [...privacyKeys.all, 'export-mine'] as const,
  deleteMine: () => [...privacyKeys.all, 'delete-mine'] as const,
  record: () => [...privacyKeys.all, 'record'] as const,
  close: () => [...privacyKeys.all, 'close'] as const,
  exportMember: () => [...privacyKeys.all, 'export-member'] as const,
};
