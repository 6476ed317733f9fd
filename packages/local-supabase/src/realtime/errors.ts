// The texts the emulation answers with: Realtime's own where it has one, and an explicit
// "not emulated" for what the local stack leaves out (broadcast, presence, private channels).

export const realtimeErrors = {
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  unmatchedTopic: 'unmatched topic',
  subscribed: 'Subscribed to PostgreSQL',
  notEmulated: (what: string) =>
    `${what} is not emulated by the local stack (packages/local-supabase/src/realtime emulates postgres_changes only). Use \`supabase start\` for it, or extend the emulation.`,
};

export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};
