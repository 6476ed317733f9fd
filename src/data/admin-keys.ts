/** Query and mutation keys of the admin area (one factory for every tab). */
export type UserListParams = {
  search: string;
  emailConfirmed: boolean | null;
  level: string | null;
  sort: 'name' | 'email' | 'created';
  ascending: boolean;
  page: number;
};

/** The audit tab's filters ('' = any): the admin's e-mail, an action prefix, the member's user id, local days. */
export type AuditFilters = { actor: string; action: string; member: string; from: string; to: string };

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: UserListParams) => [...adminKeys.users(), 'list', params] as const,
  apps: () => [...adminKeys.all, 'apps'] as const,
  announcements: () => [...adminKeys.all, 'announcements'] as const,
  smtp: () => [...adminKeys.all, 'smtp'] as const,
  templates: () => [...adminKeys.all, 'email-templates'] as const,
  withdrawals: () => [...adminKeys.all, 'withdrawals'] as const,
  withdrawalList: (status: string, page: number) => [...adminKeys.withdrawals(), 'list', status, page] as const,
  revenue: () => [...adminKeys.all, 'revenue'] as const,
  paymentLinks: () => [...adminKeys.all, 'payment-links'] as const,
  adjustWallet: () => [...adminKeys.all, 'adjust-wallet'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditList: (filters: AuditFilters, page: number) => [...adminKeys.audit(), 'list', filters, page] as const,
  auditActors: () => [...adminKeys.audit(), 'actors'] as const,
  auditMemberSearch: (query: string) => [...adminKeys.audit(), 'member-search', query] as const,
  payouts: () => [...adminKeys.all, 'payouts'] as const,
  payoutPreview: (revenueId: string, rate: string) => [...adminKeys.payouts(), 'preview', revenueId, rate] as const,
  runPayout: () => [...adminKeys.payouts(), 'run'] as const,
};
