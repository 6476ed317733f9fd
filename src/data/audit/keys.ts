/**
 * The audit tab's filters ('' = any): the admin's id, the action (exact, chosen from the trail's
 * actions), the member's user id, local days, and the request id ('identyfikator zdarzenia').
 */
export type AuditFilters = { actor: string; action: string; member: string; from: string; to: string; request: string };

/** Query keys of the audit trail (the admin 'Audyt' tab): every admin write refreshes it through `all`. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, 'list', filters, page] as const,
  actors: () => [...auditKeys.all, 'actors'] as const,
  actions: () => [...auditKeys.all, 'actions'] as const,
  chain: () => [...auditKeys.all, 'chain'] as const,
};
