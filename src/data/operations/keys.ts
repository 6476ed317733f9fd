/**
 * Query keys of the club's operations ('Stan systemu'): the health checks, the failed e-mails and
 * idea calls, the outbox banner and the rows one request id left.
 */
export const operationsKeys = {
  all: ['operations'] as const,
  health: () => [...operationsKeys.all, 'health'] as const,
  failedEmails: () => [...operationsKeys.all, 'failed-emails'] as const,
  outboxAlert: () => [...operationsKeys.all, 'outbox-alert'] as const,
  failedIdeaWebhooks: () => [...operationsKeys.all, 'failed-idea-webhooks'] as const,
  request: (requestId: string) => [...operationsKeys.all, 'request', requestId] as const,
};
