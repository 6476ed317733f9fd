/** Query keys of the club's operations ('Stan systemu'): the health checks and the failed e-mails. */
export const operationsKeys = {
  all: ['operations'] as const,
  health: () => [...operationsKeys.all, 'health'] as const,
  failedEmails: () => [...operationsKeys.all, 'failed-emails'] as const,
};
