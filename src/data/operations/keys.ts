/**
 * Query keys of the club's operations ('Stan systemu'): the health checks, the failed e-mails, the
 * outbox banner and the rows one request id left.
 */
export const operationsKeys = {
  all: ['operations'] as const,
  health: () => [...operationsKeys.all, 'health'] as const,
  failedEmails: () => [...operationsKeys.all, 'failed-emails'] as const,
  outboxAlert: () => [...operationsKeys.all, 'outbox-alert'] as const,
  request: (requestId: string) => [...operationsKeys.all, 'request', requestId] as const,
};
