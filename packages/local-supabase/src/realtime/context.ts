// What the parts of the Realtime emulation share.
import type { Logger } from '../log.ts';
import type { RealtimeDb } from './db.ts';
import type { SubscriptionRegistry } from './subscriptions.ts';

export interface RealtimeContext {
  db: RealtimeDb;
  registry: SubscriptionRegistry;
  log: Logger;
  /** A socket that sends nothing for this long is closed (Phoenix: 60 s). */
  idleTimeoutMs: number;
}
